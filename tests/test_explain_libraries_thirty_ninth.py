"""Issue 26, thirty-fifth round: patterns found by the forty-third held-out set, measured before any change.

Found by the forty-third held-out set (visu3d with dataclass-array, tokamax, ejkernel; graphcast, moscot,
jaxscape):

- A flag or a number handed to a library parameter its signature declares ``bool``, ``int`` or ``float``
  (tokamax's ``is_causal``, ``epsilon``; ejkernel's ``causal``, ``sliding_window``), traced by the user's jit or
  checkpoint: the library's own error (pydantic failing to serialise it, its inner jit hashing it) was either not
  known at all or blamed on the first array beside it, with "call it without jit" as the only fix. The signature
  names the culprit; the error is a concretization of it; the fix makes it static (tried).
- ``jnp.bincount(ids)`` under jit: no fix. Its number of bins is given with ``length=`` (this call's largest
  value plus one, tried).
- The checkpoint's own ``static_argnums``, offered in the cell's top-level statement, was never tried ("the line
  is not in a function this trace runs"): the statement's call is made again with it, abstractly.
- An array leaf NumPy refused (an ``xarray`` DataArray's data) was offered "take it out into a static argument":
  data of many elements is never a compile-time constant; that fix is not offered for it.
- Several numbers of a config dataclass registered with ``jax.tree_util.register_dataclass`` handed to a library
  that needs them as Python values: the fix declares every one of them static, with the field's metadata.
- NumPy itself handed to a library as its array namespace (visu3d's ``xnp=np``) under ``jax.grad``: "static" was
  offered; ``xnp=jnp`` is the fix (tried).
- A leak a library object kept (moscot's solver keeps the problem it was handed on itself; ejkernel's ``MaskInfo``
  caches the mask its property computes): JAX's message names a gradient's wrapper, or only library frames, and
  the line given was the later read (``dyn_args_[0]`` its argument). The user's call or read of that object
  inside the traced function is where the value left the trace; its arguments are what that call was handed.
- A closure a library holds (feax's tensor map, returned by a method of the user's subclass): to try a fix in it,
  the whole heap was searched for the function (about 60 ms a search with a large library loaded, three searches
  an explanation); the frames calling it hold it.
"""
from __future__ import annotations

import gc

from corpus_harness import explained_cell, install_library, tried

TOKAMAX = "https://github.com/openxla/tokamax/blob/main/README.md"
EJKERNEL = "https://github.com/erfanzar/ejkernel/blob/main/README.md"
VISU3D = "https://github.com/google-research/visu3d/blob/main/README.md"
FEAX = "https://github.com/Naruki-Ichihara/feax/blob/main/README.md"
BINCOUNT = "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.bincount.html"

# an attention op that records its options as JSON, as tokamax's ops serialise theirs (reduced)
SERIALISING_LIBRARY = """\
import json

import jax.numpy as jnp


def attention(q, k, v, *, scale: float | None = None, soft_cap: float | None = None, is_causal: bool = False):
    json.dumps({"scale": scale, "soft_cap": soft_cap, "is_causal": is_causal})  # the op's options, as metadata
    logits = q @ k.T * (scale or 1.0)
    return jnp.tanh(logits) @ v


def normalise(x, scale, offset, epsilon: float = 1e-6):
    json.dumps({"epsilon": epsilon})
    return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + epsilon)
"""

FLAG_TRACED = """\
import jax
import jax.numpy as jnp
import toy_serialised_ops


@jax.jit
def attend(q, k, v, causal):
    return toy_serialised_ops.attention(q, k, v, is_causal=causal)


x = jnp.ones((4, 8))
attend(x, x, x, True)
"""

EPSILON_CHECKPOINTED = """\
import jax
import jax.numpy as jnp
import toy_serialised_ops


def block(x, w, eps):
    h = toy_serialised_ops.normalise(x, None, None, epsilon=eps)
    return jnp.tanh(h @ w)


x = jnp.ones((4, 8))
jax.checkpoint(block)(x, jnp.eye(8), 1e-5)
"""

# a kernel whose options go to an inner jit as static arguments, its failures wrapped in the library's own
# error, as ejkernel's are (reduced)
STATIC_OPTIONS_LIBRARY = """\
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("causal", "window"))
def _kernel(q, k, v, causal, window):
    logits = q @ k.T
    if window is not None:
        logits = jnp.where(jnp.abs(jnp.arange(q.shape[0])[:, None] - jnp.arange(k.shape[0])) < window, logits, -1e9)
    if causal:
        logits = jnp.where(jnp.tril(jnp.ones_like(logits)) > 0, logits, -1e9)
    return jax.nn.softmax(logits) @ v


class KernelError(RuntimeError):
    pass


def flash_attention(query, key, value, dropout_prob: float = 0.0, causal: bool = False,
                    sliding_window: int | None = None):
    try:
        return _kernel(query, key, value, causal=causal, window=sliding_window)
    except ValueError as failure:  # the library's own error, around JAX's
        raise KernelError(f"attention kernel failed: {failure}") from failure
"""

CAUSAL_TRACED = """\
import jax
import jax.numpy as jnp
from toy_static_kernels import flash_attention


@jax.jit
def attend(q, k, v, causal):
    return flash_attention(q, k, v, causal=causal)


x = jnp.ones((4, 8))
attend(x, x, x, True)
"""


def test_a_traced_flag_a_library_serialises_is_its_culprit_made_static(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_serialised_ops", SERIALISING_LIBRARY)
    found = explained_cell("flag-serialised", TOKAMAX, FLAG_TRACED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("concretization", "causal", 8), found.message
    top = found.fixes[0]
    assert top.kind == "static" and "static_argnames='causal'" in top.code and top.verified, tried(found)


def test_a_checkpointed_epsilon_is_the_culprit_with_the_checkpoints_own_option(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_serialised_ops", SERIALISING_LIBRARY)
    found = explained_cell("epsilon-checkpointed", TOKAMAX, EPSILON_CHECKPOINTED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("concretization", "eps", 7), found.message
    top = found.fixes[0]
    assert top.kind == "static" and "static_argnums=(2,)" in top.code, tried(found)
    assert top.verified and "your statement" in top.outcome, tried(found)  # the cell's own statement made again


def test_a_flag_hashed_by_a_librarys_inner_jit_is_named_not_the_array_beside_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_static_kernels", STATIC_OPTIONS_LIBRARY)
    found = explained_cell("flag-hashed-inside", EJKERNEL, CAUSAL_TRACED, tmp_path)
    assert found.argument == "causal", found.message
    top = found.fixes[0]
    assert top.kind == "static" and "static_argnames='causal'" in top.code and top.verified, tried(found)


BINCOUNT_UNSIZED = """\
import jax
import jax.numpy as jnp


@jax.jit
def group_sizes(expert_ids):
    return jnp.bincount(expert_ids).astype(jnp.int32)


group_sizes(jnp.array([0, 2, 1, 1, 0, 2, 2, 0]))
"""


def test_bincount_under_jit_is_given_its_length(tmp_path):
    found = explained_cell("bincount-unsized", BINCOUNT, BINCOUNT_UNSIZED, tmp_path)
    assert (found.kind, found.argument) == ("traced-shape", "expert_ids"), found.message
    top = found.fixes[0]
    assert top.kind == "size-argument" and "jnp.bincount(expert_ids, length=3)" in top.code, tried(found)
    assert top.verified, tried(found)


# a camera built by whichever array namespace it is handed, as visu3d's ``xnp=`` (reduced)
NAMESPACE_LIBRARY = """\
import numpy as np


def intrinsics(focal, xnp=np):
    return xnp.asarray([[focal, 0.0], [0.0, focal]])
"""

NUMPY_HANDED = """\
import jax
import jax.numpy as jnp
import numpy as np
import toy_cameras


def reprojection_loss(focal, points):
    K = toy_cameras.intrinsics(focal, xnp=np)
    return jnp.mean((points @ K) ** 2)


jax.grad(reprojection_loss)(40.0, jnp.ones((3, 2)))
"""


def test_numpy_handed_as_a_librarys_array_namespace_becomes_jax_numpy(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_cameras", NAMESPACE_LIBRARY)
    found = explained_cell("numpy-namespace", VISU3D, NUMPY_HANDED, tmp_path)
    assert (found.kind, found.argument) == ("array-conversion", "focal"), found.message
    top = found.fixes[0]
    assert top.kind == "jnp-not-np" and "xnp=jnp" in top.code and top.verified, tried(found)


# a solver that keeps the pointwise map its problem's method returns, and vmaps it (feax's tensor map, reduced)
HELD_CLOSURE_LIBRARY = """\
import jax


class Problem:
    def __init__(self):
        self.pointwise = self.get_map()
        self._assembled = jax.jit(self._assemble)

    def _assemble(self, u):
        return 2.0 * jax.vmap(self.pointwise)(u)

    def solve(self, u):
        return self._assembled(u)
"""

HELD_CLOSURE = """\
import jax.numpy as jnp
import toy_solvers


class Bimodular(toy_solvers.Problem):
    def get_map(self):
        def stress(strain):
            stiffness = 1.0 if strain > 0 else 0.4
            return stiffness * strain
        return stress


Bimodular().solve(jnp.linspace(-1.0, 1.0, 4))
"""


def test_a_fix_in_a_closure_a_library_holds_is_tried_without_searching_the_heap(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_solvers", HELD_CLOSURE_LIBRARY)
    import jaxmagic._explain.retrace.swaps as swaps

    searched = []

    class _Counting:
        def __getattr__(self, name):
            return getattr(gc, name)

        def get_referrers(self, *objects):
            searched.append(objects)
            return gc.get_referrers(*objects)

    monkeypatch.setattr(swaps, "gc", _Counting())
    found = explained_cell("held-closure", FEAX, HELD_CLOSURE, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "strain", 8), found.message
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified, tried(found)
    assert "through toy_solvers" in found.fixes[0].outcome, tried(found)
    assert searched == [], "the heap was searched for the held closure"


CONFIG_FIELDS = """\
import dataclasses
import jax
import jax.numpy as jnp
import toy_serialised_ops


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class AttnConfig:
    scale: float
    soft_cap: float


@jax.jit
def attend(q, k, v, cfg):
    return toy_serialised_ops.attention(q, k, v, scale=cfg.scale, soft_cap=cfg.soft_cap)


x = jnp.ones((4, 8))
attend(x, x, x, AttnConfig(scale=0.125, soft_cap=30.0))
"""


def test_a_configs_numbers_a_library_needs_are_declared_static_fields_together(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_serialised_ops", SERIALISING_LIBRARY)
    found = explained_cell("config-fields", TOKAMAX, CONFIG_FIELDS, tmp_path)
    assert (found.kind, found.path) == ("concretization", "cfg.scale"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and top.code.count("dataclasses.field(metadata=dict(static=True))") == 2, top.code
    assert top.verified, tried(found)


WINDOW_TRACED = """\
import jax
import jax.numpy as jnp
from toy_static_kernels import flash_attention


@jax.jit
def attend(q, k, v, window):
    return flash_attention(q, k, v, causal=True, sliding_window=window)


x = jnp.ones((4, 8))
attend(x, x, x, 2)
"""


def test_a_count_a_librarys_signature_types_int_is_a_traced_shape(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_static_kernels", STATIC_OPTIONS_LIBRARY)
    found = explained_cell("window-traced", EJKERNEL, WINDOW_TRACED, tmp_path)
    assert (found.kind, found.argument) == ("traced-shape", "window"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and "static_argnames='window'" in top.code and top.verified, tried(found)


# a labelled array whose values the library reads with NumPy, as xarray's ``.values`` does (reduced)
LABELLED_LIBRARY = """\
import jax
import numpy as np


@jax.tree_util.register_pytree_node_class
class Labelled:
    def __init__(self, data, names):
        self.data, self.names = data, names

    def tree_flatten(self):
        return (self.data,), self.names

    @classmethod
    def tree_unflatten(cls, names, children):
        return cls(children[0], names)

    def __eq__(self, other):  # compared by value, so unhashable, as xarray's arrays are
        return self.names == other.names and (self.data == other.data).all()

    @property
    def values(self):
        return np.asarray(self.data)
"""

VALUES_READ = """\
import jax
import jax.numpy as jnp
import toy_labelled


@jax.jit
def mean_square(field):
    return jnp.mean(field.values ** 2)


mean_square(toy_labelled.Labelled(jnp.ones((5, 6)), ("lat", "lon")))
"""


def test_an_array_numpy_refused_is_never_taken_out_into_a_static_argument(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_labelled", LABELLED_LIBRARY)
    found = explained_cell("values-read", "https://docs.xarray.dev/en/stable/generated/xarray.DataArray.values.html",
                           VALUES_READ, tmp_path)
    assert (found.kind, found.argument) == ("array-conversion", "field"), found.message
    assert not any("out of the pytree" in f.summary for f in found.fixes), tried(found)


# a solver that keeps the problem it was handed on itself, as moscot's ``SinkhornSolver`` keeps its ``xy`` (reduced)
KEEPING_LIBRARY = """\
import jax.numpy as jnp


class Solver:
    def __call__(self, xy):
        self.xy = xy  # the problem kept, traced values and all
        return jnp.exp(-jnp.sum((xy[0][:, None] - xy[1][None]) ** 2, -1))
"""

KEPT_BY_OBJECT = """\
import jax
import jax.numpy as jnp
import toy_transport

solver = toy_transport.Solver()
tgt = jnp.zeros((3, 2))


def transport_cost(src):
    plan = solver(xy=(src, tgt))
    return jnp.sum(plan)


grads = jax.grad(transport_cost)(jnp.ones((4, 2)))
solver.xy[0].mean()
"""


def test_a_leak_a_library_object_kept_is_placed_at_the_users_call_of_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_transport", KEEPING_LIBRARY)
    found = explained_cell("kept-by-object", "https://github.com/theislab/moscot/blob/main/README.rst",
                           KEPT_BY_OBJECT, tmp_path)
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "src", 10, 15), \
        found.message
    top = found.fixes[0]
    assert top.kind == "return-value" and "has_aux=True" in top.code, tried(found)


# a mask computed on first read and cached on the object, as ejkernel's ``MaskInfo.attention_mask`` (reduced)
CACHING_LIBRARY = """\
import jax.numpy as jnp


def _pairs(segments):
    return segments[:, :, None] == segments[:, None, :]


def _valid(segments):
    return _pairs(segments) & (segments[:, :, None] >= 0)


def _causal(segments):
    return _valid(segments)


def _windowed(segments):
    return _causal(segments)


def _built(segments):
    return _windowed(segments)


class MaskInfo:
    def __init__(self, segments):
        self.segments, self._mask = segments, None

    @property
    def attention_mask(self):
        if self._mask is None:  # made once, then kept (deep enough that JAX's five frames are all the library's)
            self._mask = _built(self.segments)
        return self._mask
"""

CACHED_BY_OBJECT = """\
import jax
import jax.numpy as jnp
import toy_masks

info = toy_masks.MaskInfo(jnp.array([[0, 0, 1, 1]]))


@jax.jit
def masked_scores(scores):
    return jnp.where(info.attention_mask, scores, -1e9)


masked_scores(jnp.zeros((1, 4, 4)) + jnp.arange(4.0))
info.attention_mask.sum()
"""


def test_a_leak_a_library_object_cached_is_placed_where_the_function_read_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_masks", CACHING_LIBRARY)
    found = explained_cell("cached-by-object", EJKERNEL, CACHED_BY_OBJECT, tmp_path)
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 10, 14), found.message
    assert found.argument is None, found.message  # the mask is made of no argument: not ``scores`` beside it


def test_in_a_notebook_a_librarys_own_error_on_a_traced_flag_is_explained(tmp_path, monkeypatch):
    # a real kernel (nbclient) with %jittrace_explain on: the hook let only JAX's errors through, and said of
    # pydantic's (tokamax's) that it was no tracing error jaxmagic knows
    from notebook_support import run_notebook

    install_library(tmp_path, monkeypatch, "toy_serialised_ops", SERIALISING_LIBRARY)
    folder = str(tmp_path / "lib" / "python3" / "site-packages")
    cells = run_notebook([
        f"%load_ext jaxmagic\nimport sys\nsys.path.insert(0, {folder!r})\n%jittrace_explain on",
        FLAG_TRACED,
    ], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[1].outputs)
    assert "jaxmagic explains" in shown and "not a tracing error jaxmagic knows" not in shown, shown
    assert "static_argnames='causal'" in shown and "✓ verified" in shown, shown
