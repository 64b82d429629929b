"""Issue 26, twentieth round: what the twenty-fifth held-out set (coordinax, harmonic, xlb; jaxadi, sbx, jax-privacy)
found, each as a reduction of its own.

- ``lax.switch`` over a list of callable objects that hold arrays (coordinax's operators, equinox layers): each
  branch called from a lambda, since ``lax.switch`` hashes its branches and an array cannot be hashed.
- A static value that hashes its fields, one a list (harmonic's ``RQSplineModel(..., hidden_size=[32, 32])``
  building a flax linen Module): the line that wrote the list, with a tuple.
- ``max(min(value, hi), lo)`` on a traced value: both builtins become ``jnp``'s, not the inner one alone.
- A size computed with ``jnp`` from a shape on an earlier line (sbx's maxout activation,
  ``jnp.array(x.shape[-1]) // 2``), even when the failing line also reads an argument: NumPy for that line.
- A parameter JAX takes only by position (a multiple-dispatch function's, coordinax's ``vconvert``): made static
  with ``static_argnums``; a class given as an argument is made static, never "registered as a pytree".
- ``u[:, fluid].mean(axis=1)`` with a traced 2-D mask after a full slice (xlb's fluid nodes): ``jnp.where`` over
  the mask's own axes.
- A call made for its effect that needs concrete values (xlb's ``save_image`` in a scan's body): the values it
  reads are the scan's output per step, and it runs on them after the scan; in a jitted function, the jitted
  part returns them and the call runs outside (issue 26's twenty-ninth set labels jax-loop-utils' histogram writer
  so), with ``jax.debug.callback`` second.
"""
from __future__ import annotations

import pytest
from corpus_harness import explained_cell, install_library, tried

COORDINAX_OPS = "https://github.com/GalacticDynamics/coordinax/blob/main/README.md"  # operators applied to vectors
HARMONIC_FLOWS = "https://github.com/astro-informatics/harmonic/blob/main/harmonic/model.py"  # hidden_size list
SBX_POLICY = "https://github.com/araffin/sbx/blob/master/sbx/dqn/policies.py"  # activation_fn under select_action
PLUM = "https://github.com/beartype/plum/blob/master/docs/basic_usage.md"  # a function of several methods
XLB_MASK = "https://github.com/Autodesk/XLB/blob/main/examples/cfd/flow_past_sphere_3d.py"  # bc_mask == 0: fluid
XLB_IMAGE = "https://github.com/Autodesk/XLB/blob/main/xlb/utils/utils.py"  # save_image(fields, timestep, prefix)
BUILTINS = "https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError"

LAYERS = """\
import jax
import jax.numpy as jnp
import equinox as eqx

keys = jax.random.split(jax.random.key(0), 3)
layers = [eqx.nn.Linear(2, 2, key=k) for k in keys]

def apply_selected(k, x):
    return layers[k](x)

jax.vmap(apply_selected, in_axes=(0, None))(jnp.arange(3), jnp.ones(2))
"""


def test_switch_branches_that_hold_arrays_are_each_called_from_a_lambda(tmp_path):
    pytest.importorskip("equinox")
    found = explained_cell("switch-modules", COORDINAX_OPS, LAYERS, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("integer-conversion", "k", "lax.switch", True), \
        tried(found)
    assert "lambda *args, branch=branch: branch(*args) for branch in layers" in top.code, top.code


FLOW = """\
from functools import partial
from typing import Sequence
import jax
import jax.numpy as jnp
import flax.linen as nn

class Flow(nn.Module):
    hidden_size: Sequence[int]

    @nn.compact
    def __call__(self, x):
        for width in self.hidden_size:
            x = nn.Dense(width)(x)
        return x

flow = Flow(hidden_size=[8, 8])
params = flow.init(jax.random.key(0), jnp.ones((1, 2)))

@partial(jax.jit, static_argnums=0)
def log_prob(flow, params, x):
    return flow.apply(params, x).sum()

log_prob(flow, params, jnp.ones((4, 2)))
"""


def test_a_list_in_a_static_modules_fields_is_written_as_a_tuple_where_the_cell_wrote_it(tmp_path):
    pytest.importorskip("flax")
    found = explained_cell("linen-list-field", HARMONIC_FLOWS, FLOW, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "flow", "hashable-static",
                                                                   True), tried(found)
    assert top.code.startswith("flow = Flow(hidden_size=(8, 8))"), top.code


CLIPPED = """\
import jax
import jax.numpy as jnp

@jax.jit
def value_head(x):
    value = x.sum(keepdims=True)
    return max(min(value, 500.0), 0.0)

value_head(jnp.ones(3))
"""


def test_nested_builtins_are_both_made_jnps(tmp_path):
    found = explained_cell("min-max", BUILTINS, CLIPPED, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp-not-builtin", True), tried(found)
    assert "jnp.maximum(jnp.minimum(value, 500.0), 0.0)" in top.code, top.code


POLICY = '''
import jax


def select_action(activation, observation):
    """The policy's forward pass, jitted by the library, through the user's activation."""
    return jax.jit(lambda obs: activation(obs * 2.0))(observation)
'''

MAXOUT = """\
import jax.numpy as jnp
from policylib_cases import select_action

def maxout(x):
    n_groups = jnp.array(x.shape[-1]) // 2
    return x.reshape(x.shape[0], n_groups, 2).max(axis=-1)

select_action(maxout, jnp.ones((3, 8)))
"""


def test_a_size_made_with_jnp_from_a_shape_earlier_is_made_with_numpy(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "policylib_cases", POLICY)
    found = explained_cell("maxout", SBX_POLICY, MAXOUT, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("traced-shape", "numpy-for-static", True), tried(found)
    assert "n_groups = np.array(x.shape[-1]) // 2" in top.code, top.code


POSITIONAL = """\
import jax
import jax.numpy as jnp

def combine(mode, x, /):
    return x * 2 if mode == "double" else x

jax.jit(combine)("double", jnp.ones(3))
"""


def test_a_positional_only_parameter_is_made_static_by_position(tmp_path):
    found = explained_cell("positional-only", PLUM, POSITIONAL, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("non-array-argument", "mode", "static", True), \
        tried(found)
    assert "static_argnums=0" in top.code, top.code


DISPATCHED = """\
import jax
import jax.numpy as jnp
from plum import dispatch

class Doubled:
    pass

class Kept:
    pass

@dispatch
def convert(target: type, x: jax.Array):
    return x * 2 if target is Doubled else x

jax.jit(convert)(Doubled, jnp.ones(3))
"""


def test_a_class_handed_to_a_multiple_dispatch_function_is_made_static(tmp_path):
    pytest.importorskip("plum", reason="plum comes with quax, a test extra")
    found = explained_cell("dispatched", PLUM, DISPATCHED, tmp_path)
    assert [f.kind for f in found.fixes] == ["static"], tried(found)  # a class is no pytree to register
    assert found.fixes[0].verified is True and "static_argnums=0" in found.fixes[0].code, tried(found)


FLUID = """\
import jax
import jax.numpy as jnp

@jax.jit
def mean_fluid_velocity(u, bc_mask):
    fluid = bc_mask[0] == 0
    return u[:, fluid].mean(axis=1)

mean_fluid_velocity(jnp.ones((2, 8, 8)), jnp.zeros((1, 8, 8), dtype=jnp.int32))
"""


def test_a_mask_after_a_full_slice_is_applied_over_its_own_axes(tmp_path):
    found = explained_cell("fluid-mask", XLB_MASK, FLUID, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("boolean-index", "jnp.where", True), tried(found)
    assert "jnp.where(fluid, u, 0).sum(axis=(1, 2)) / fluid.sum()" in top.code, top.code


IMAGES = '''
import numpy as np


def save_image(field, timestep, prefix="field"):
    """Writes the field as an image (here: keeps it), through NumPy."""
    saved.append((prefix, np.asarray(field), timestep))


saved = []
'''

SCANNED = """\
import jax
import jax.numpy as jnp
from imagewriter_cases import save_image

def body(carry, t):
    u = jnp.sin(carry + t)
    save_image(u[0], timestep=t, prefix="ux")
    return u, None

jax.lax.scan(body, jnp.ones((2, 4)), jnp.arange(3.0))
"""


def test_a_call_made_for_its_effect_in_a_scan_outputs_its_values_and_runs_after(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "imagewriter_cases", IMAGES)
    found = explained_cell("save-image", XLB_IMAGE, SCANNED, tmp_path)
    top, other = found.fixes[:2]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("array-conversion", 7, "return-value", True), \
        tried(found)
    assert top.code.startswith("return (u, (u[0], t))") and "save_image(v0, timestep=v1, prefix='ux')" in top.code, \
        top.code
    assert other.code == "jax.debug.callback(lambda v0, v1: save_image(v0, timestep=v1, prefix='ux'), u[0], t)", \
        other.code


JITTED = """\
import jax
import jax.numpy as jnp
from imagewriter_cases import save_image

@jax.jit
def step(u, t):
    u = jnp.sin(u + t)
    save_image(u[0], timestep=t, prefix="ux")
    return u

step(jnp.ones((2, 4)), 1.0)
"""


def test_a_call_made_for_its_effect_in_a_jit_runs_outside_it_or_in_a_debug_callback(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "imagewriter_cases", IMAGES)
    found = explained_cell("save-image-jit", XLB_IMAGE, JITTED, tmp_path)
    top, other = found.fixes[:2]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("array-conversion", 8, "return-value", True), \
        tried(found)
    assert "def step_traced(u, t):" in top.code and "# outside jit" in top.code, top.code
    assert (other.kind, other.verified) == ("jax.debug.print", True), tried(found)
    assert other.code == "jax.debug.callback(lambda v0, v1: save_image(v0, timestep=v1, prefix='ux'), u[0], t)", \
        other.code
