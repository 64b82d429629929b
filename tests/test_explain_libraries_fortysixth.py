"""Issue 26, forty-second round: patterns of the fiftieth held-out set (tatva with jax-autovmap, jaxwavelets,
jaxboost; jaxsne, jaxcam, jaxmesh), each a reduction of its own.

- a function of the user's that a library's decorator vmaps (jax_autovmap's ``@autovmap``), called from the
  function the user differentiates: its own parameter is named, not the outer function's;
- a slice bound the function computes with ``jnp`` from a shape alone (``keep = jnp.ceil(0.8 * x.shape[-1])``), in
  a metric a library's jit traces: that line made with NumPy, and no argument named (shapes are no values);
- a library's own check, made on a constant under the user's jit (jaxmesh's ``TetMesh.__post_init__`` on the
  closed-over cells): no argument named, though the line hands it a traced one whose shape alone it reads; the
  object made before the jit, on the value the cell's call passes, and closed over (tried so);
- an object of the user's dataclass that a library's jit holds static, called through SciPy's wrapper, which
  spreads the arguments (``self.f(np.copy(x), *self.args)``): the class declared frozen, tried through that jit;
- a JAX scalar the user's call computes inline (``level=jnp.median(field)``) where a library's jit holds it
  static: written ``float(...)`` in the call, tried through that jit with the value in its place;
- a library's object appended to a global list inside a function the cell differentiates (tatva's ``Operator``
  kept in ``history`` under ``jax.grad``; JAX's message names no line): returned as the gradient's auxiliary
  output, code for the user's own lines rather than a sketch.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

AUTOVMAP = "https://github.com/smec-ethz/jax-autovmap"  # @autovmap(grad_u=2): vmap over the leading axes
TATVA = "https://smec-ethz.github.io/tatva-docs/examples/linear_elasticity/"  # an energy density under autovmap
JAXSNE = "https://github.com/hafaio/jaxsne/blob/main/jaxsne/metric.py"  # out_metric: the user's, under its jit
TATVA_OPERATOR = "https://smec-ethz.github.io/tatva-docs/api/tatva.operator/"  # Operator(mesh, element).integrate
JAXMESH = "https://pypi.org/project/jaxmesh/"  # TetMesh checks its simplices with .item(); level static

# a reduction of jax_autovmap: the decorated function, called by the library's own positional wrapper, vmapped
# over the leading axes of its argument
VMAPPING_DECORATOR = """\
import jax


def autovmap(fn):
    def positional(*args):
        return fn(*args)

    def batched(x):
        return jax.vmap(positional)(x.reshape(-1, 2, 2))
    return batched
"""

DENSITY_UNDER_A_DECORATOR = """\
import jax
import jax.numpy as jnp
from batching import autovmap


@autovmap
def energy_density(grad_u):
    tr = jnp.trace(grad_u)
    if tr > 0:
        return tr ** 2
    return jnp.sum(grad_u * grad_u)


def total_energy(u_flat):
    return energy_density(u_flat).sum()


jax.grad(total_energy)(jnp.full(8, 0.1))
"""

# a reduction of jaxsne's scaling: the user's metric held static by the library's jit, called through SciPy's
# minimiser, which spreads the extra arguments
SCALING_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from scipy import optimize


@partial(jax.jit, static_argnames=["metric", "num"])
def stress(x, metric, num):
    points = x.reshape(num, -1)
    return jnp.mean(metric(points[:-1], points[1:]) ** 2)


def scaling(data, out_metric):
    num = data.shape[0]
    return optimize.minimize(stress, np.asarray(data).ravel(), (out_metric, num), jac=jax.grad(stress))
"""

TRIMMED_METRIC = """\
import jax
import jax.numpy as jnp
from mds import scaling


def trimmed(left, right):
    diffs = jnp.sort(jnp.abs(left - right), axis=-1)
    keep = jnp.ceil(0.8 * left.shape[-1]).astype(int)
    return diffs[..., :keep].sum(-1)


scaling(jnp.linspace(0.0, 1.0, 30).reshape(6, 5), out_metric=trimmed)
"""

DATACLASS_METRIC = """\
from dataclasses import dataclass

import jax.numpy as jnp
from mds import scaling


@dataclass
class Minkowski:
    p: float = 3.0

    def __call__(self, left, right):
        return (jnp.abs(left - right) ** self.p).sum(-1) ** (1.0 / self.p)


scaling(jnp.linspace(0.0, 1.0, 30).reshape(6, 5), out_metric=Minkowski(p=3.0))
"""

# a reduction of jaxmesh: a mesh that checks its cells with .item(), and an isosurface whose level a jit inside a
# vmap holds static
MESH_LIBRARY = """\
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class TetMesh:
    vertices: jax.Array
    cells: jax.Array

    def __post_init__(self):
        verts, cells = self.vertices, self.cells
        if jnp.any(cells < 0).item() or jnp.any(cells >= verts.shape[0]).item():
            raise ValueError("cells index outside the vertices")

    def centroid(self, i):
        return self.vertices[self.cells[i]].mean(axis=0)


@partial(jax.jit, static_argnums=(1,))
def _crossing(values, level):
    return jnp.sum(values > level)


def crossings(field, level=0.0):
    return jax.vmap(lambda row: _crossing(row, level))(field)
"""

MESH_INSIDE_JIT = """\
import jax
import jax.numpy as jnp
import tetmesh

cube = jnp.array([[0.0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])
cells = jnp.array([[0, 1, 2, 3]])


@jax.jit
def centre(vertices, scale):
    mesh = tetmesh.TetMesh(vertices, cells)
    return scale * mesh.centroid(0)


centre(cube, 2.0)
"""

LEVEL_COMPUTED_INLINE = """\
import jax.numpy as jnp
import tetmesh

field = jnp.linspace(-1.0, 1.0, 24).reshape(4, 6)
counts = tetmesh.crossings(field, level=jnp.median(field))
"""


def test_a_function_a_librarys_decorator_vmaps_names_its_own_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "batching", VMAPPING_DECORATOR)
    found = explained_cell("decorator-vmaps", f"{AUTOVMAP} ; {TATVA}", DENSITY_UNDER_A_DECORATOR, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "grad_u", 9), tried(found)
    assert (top.kind, top.verified) == ("jnp.where", True), tried(found)


def test_a_slice_bound_computed_with_jnp_from_a_shape_is_computed_with_numpy(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "mds", SCALING_LIBRARY)
    found = explained_cell("trimmed-metric", JAXSNE, TRIMMED_METRIC, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", None, 9), tried(found)
    assert (top.kind, top.verified) == ("numpy-for-static", True), tried(found)
    assert "keep = np.ceil(0.8 * left.shape[-1]).astype(int)" in top.code, top.code


def test_a_librarys_check_of_a_constant_under_jit_depends_on_no_argument(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tetmesh", MESH_LIBRARY)
    found = explained_cell("mesh-inside-jit", JAXMESH, MESH_INSIDE_JIT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("concretization", None, 11), tried(found)


def test_a_librarys_object_made_of_an_argument_is_made_before_the_jit_on_the_value_passed(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tetmesh", MESH_LIBRARY)
    found = explained_cell("mesh-inside-jit", JAXMESH, MESH_INSIDE_JIT, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert top.code.startswith("mesh = tetmesh.TetMesh(cube, cells)   # before `centre`"), top.code


def test_a_dataclass_held_static_through_scipys_wrapper_is_declared_frozen_and_tried(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "mds", SCALING_LIBRARY)
    found = explained_cell("dataclass-metric", JAXSNE, DATACLASS_METRIC, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "out_metric",
                                                                    "hashable-static", True), tried(found)
    assert "@dataclass(frozen=True)" in top.code, top.code


def test_a_jax_scalar_computed_in_the_call_is_written_as_a_python_number(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tetmesh", MESH_LIBRARY)
    found = explained_cell("level-inline", JAXMESH, LEVEL_COMPUTED_INLINE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("unhashable-static", "hashable-static", True), tried(found)
    assert top.code == "tetmesh.crossings(field, level=float(jnp.median(field)))", top.code


# a reduction of tatva's Mesh and Operator (registered dataclasses): a mesh whose coordinates are replaced as they
# are given, and an object that integrates over a mesh, mapping over its nodes
OPERATOR_LIBRARY = """\
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Mesh:
    coords: jax.Array

    def set_coords(self, coords):
        return dataclasses.replace(self, coords=coords)


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Operator:
    mesh: Mesh

    def integrate(self, value):
        return jax.vmap(lambda c: value * c ** 2)(self.mesh.coords).sum()
"""

OPERATOR_KEPT_IN_A_LIST = """\
import jax
import jax.numpy as jnp
from operators import Mesh, Operator

mesh = Mesh(jnp.ones(4))
history = []


def domain_area(coords):
    op = Operator(mesh.set_coords(coords))
    history.append(op)
    return op.integrate(1.0)


shape_grad = jax.grad(domain_area)(mesh.coords)
last_op = history[-1]
last_op.integrate(1.0)
"""


def test_a_librarys_object_kept_in_a_list_under_grad_is_returned_as_the_auxiliary_output(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "operators", OPERATOR_LIBRARY)
    found = explained_cell("operator-in-a-list", TATVA_OPERATOR, OPERATOR_KEPT_IN_A_LIST, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, found.lineno, top.kind) == ("leaked-tracer", "coords", 11, "return-value"), \
        tried(found)
    assert not top.template, top.code
    assert "jax.grad(domain_area, has_aux=True)(mesh.coords)" in top.code, top.code
