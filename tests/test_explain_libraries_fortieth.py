"""Issue 26, thirty-sixth round: explaining never computes on the backend, whatever the user's values hold.

Found by running the forty-third held-out set with JAX's compiles counted while each error was explained (the
issue asks that a re-trace never compiles; reading the user's values must not either):

- an unhashable static pytree (a dataclass with an array as metadata, dataclass-array's ``np.ndarray`` field):
  comparing its structure with a copy's deep-copied its ``jax.Array`` leaves, a copy run (and compiled) on the
  backend;
- ``jnp.bincount`` of concrete values: ``length=`` was worked out with ``np.max`` of the ``jax.Array``, a
  reduction compiled for the backend;
- a path through a labelled array (graphcast's ``xarray_jax.DataArray``, a pytree whose ``[i]`` indexes its
  data): following the path indexed the array, a slice compiled for the backend.
"""
from __future__ import annotations

from corpus_harness import explained_cell

REGISTER_DATACLASS = "https://docs.jax.dev/en/latest/_autosummary/jax.tree_util.register_dataclass.html"
DATACLASS_ARRAY = "https://github.com/google-research/dataclass_array#readme"  # an np.ndarray field is metadata
BINCOUNT = "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.bincount.html"  # length= for a static size
XARRAY_JAX = "https://github.com/google-deepmind/graphcast/blob/main/graphcast/xarray_jax.py"  # DataArray pytree

# an array kept as metadata of a pytree the user jits: JAX compares metadata on the second call
ARRAY_AS_METADATA = """\
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.tree_util.register_dataclass, data_fields=["mean"], meta_fields=["weights"])
@dataclasses.dataclass
class Gaussians:
    mean: jax.Array
    weights: np.ndarray


@jax.jit
def spread(g):
    return jnp.sum(g.mean * g.weights)


spread(Gaussians(jnp.zeros((4, 3)), np.ones(3, np.float32)))
spread(Gaussians(jnp.ones((4, 3)), np.ones(3, np.float32)))
"""

BINCOUNT_CELL = """\
import jax
import jax.numpy as jnp


@jax.jit
def histogram(labels):
    return jnp.bincount(labels)


histogram(jnp.array([0, 2, 1, 2, 4]))
"""

# a labelled array as graphcast's xarray_jax keeps one: a pytree of its data whose [i] and __array__ act on it
LABELLED_ARRAY = """\
import jax
import jax.numpy as jnp
import numpy as np


class Field:
    def __init__(self, data):
        self.data = data

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.data, dtype)

    def __getitem__(self, index):
        return Field(self.data[index])

    def __eq__(self, other):  # elementwise, as xarray's: so it has no hash
        return Field(self.data == other.data)


jax.tree_util.register_pytree_node(Field, lambda f: (((f.data,),), None), lambda _, children: Field(children[0][0]))


@jax.jit
def rms(pred):
    return np.sqrt(np.mean(np.asarray(pred) ** 2))


rms(Field(jnp.ones((5, 6))))
"""


def test_an_array_kept_as_metadata_is_explained_without_a_backend_copy(tmp_path, explain_events):
    found = explained_cell("array-metadata", DATACLASS_ARRAY, ARRAY_AS_METADATA, tmp_path)
    assert found.argument == "g", found.message
    assert explain_events["compiles"] == 0


def test_a_bincount_length_is_read_on_the_host(tmp_path, explain_events):
    found = explained_cell("bincount-length", BINCOUNT, BINCOUNT_CELL, tmp_path)
    sized = [f for f in found.fixes if "length=5" in (f.code or "")]
    assert sized, [(f.kind, f.code) for f in found.fixes]
    assert explain_events["compiles"] == 0


def test_a_path_through_a_labelled_array_does_not_index_its_data(tmp_path, explain_events):
    found = explained_cell("labelled-array", XARRAY_JAX, LABELLED_ARRAY, tmp_path)
    assert (found.kind, found.argument) == ("array-conversion", "pred"), found.message
    assert explain_events["compiles"] == 0
