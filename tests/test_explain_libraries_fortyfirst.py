"""Issue 26, thirty-seventh round: patterns of the forty-fifth held-out set (gettsim, cbfpy, bartz; piquasso,
discopy, eagerpy), measured before any change.

- ``jax.numpy`` handed to the user's function as a parameter (gettsim's ``xnp``, an array API namespace): its
  ``xnp.nonzero`` is JAX's, so ``size=`` is offered and tried, and a fix is written with the user's ``xnp``;
- a parameter named outside ASCII (gettsim's ``vermögen``, a physicist's ``σ``): the argument is the whole name;
- a function whose name has spaces (dags names its DAG "The concatenated function"): named whole;
- ``if step % 10 == 0: print(...)`` (a bartz callback's progress line): ``lax.cond`` between a
  ``jax.debug.print`` and nothing, not a pattern with placeholders;
- a tuple indexed by a traced bool (a bartz callback's ``PHASES[burnin]``): NumPy's refusal, worded for an index,
  is an integer conversion, explained;
- a value computed inside a recording context (piquasso's ``with pq.Program() as program:``) and leaked: it
  depends on what the context's body was given;
- an object that is neither an array nor a pytree passed to ``jax.jit`` (a discopy diagram): NumPy's
  "inhomogeneous shape" is an argument jit cannot trace, made static; and, in a shell, where the line computes the
  argument with a call (``evaluate(vec >> mat, 2.0)``), the hook reads the arguments off JAX's dispatch frame,
  which a kernel keeps, names it and tries the fix;
- ``float()`` of a library's own array type (discopy's ``Tensor``, whose ``__float__`` converts its ``.array``):
  ``.astype`` of the field that holds the traced array, not of the object, which has none; and its ``.numpy()``
  given to NumPy (eagerpy's ``JAXTensor``, a slot of its base class read through ``.raw``): ``jnp``'s twin of
  the field;
- a library that refuses to trace its loop a second time (bartz's "traced more than once"): a try it refuses the
  same way with nothing rewritten is "not known", never a failed fix;
- a library computing with NumPy unless switched (discopy's ``with backend("jax"):``): the failing statement
  inside the library's own switch, with its import;
- a Python number the user hands a library, which traces it into the user's function (cbfpy's extra arguments of
  a barrier function): guidance to hand it over another way (``self.n_obs``), where the user has no jit to make
  it static; none for a value the library computes (a loop's flag, strongly typed).
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

GETTSIM_XNP = "https://gettsim.readthedocs.io/en/stable/how_to_guides/jax.html"  # policy functions take `xnp`
GETTSIM_NAMES = "https://gettsim.readthedocs.io/en/stable/"  # German column names: vermögen, einkommen
DAGS = "https://github.com/OpenSourceEconomics/dags/blob/main/src/dags/dag.py"  # concatenate_functions
BARTZ_CALLBACK = "https://gattocrucco.github.io/bartz/docs-dev/reference/mcmcloop.html"  # run_mcmc callback
PIQUASSO = "https://docs.piquasso.com/tutorials/jax.html"  # a Program built under jax.grad
DISCOPY = "https://docs.discopy.org/en/main/_api/discopy.tensor.Diagram.html"  # a Diagram is no array

NONZERO_FROM_XNP = """\
import functools
import jax
import jax.numpy as jnp


def pensioners(age, xnp):
    (idx,) = xnp.nonzero(age >= 67)
    return xnp.zeros_like(age).at[idx].set(1)


jax.jit(functools.partial(pensioners, xnp=jnp))(jnp.array([40, 10, 70, 68]))
"""

NON_ASCII_PARAMETER = """\
import jax
import jax.numpy as jnp


@jax.jit
def wealth_tax(vermögen, σ):
    if vermögen.max() > σ:
        return 0.01 * vermögen
    return 0.0 * vermögen


wealth_tax(jnp.array([1.0, 2e6]), 1e6)
"""

SPACED_NAME = """\
import jax
import jax.numpy as jnp


def concatenated(x):
    if x.sum() > 0:
        return x
    return -x


concatenated.__name__ = "The concatenated function"
jax.jit(concatenated)(jnp.ones(3))
"""

PRINT_EVERY = """\
import jax
import jax.numpy as jnp


@jax.jit
def step(i_total, state):
    if i_total % 10 == 0:
        print("iteration", i_total, "state", state)
    return state + 1.0


step(jnp.int32(10), jnp.zeros(2))
"""

TUPLE_BY_TRACED_FLAG = """\
import jax
import jax.numpy as jnp

PHASES = ("sampling", "burn-in")


@jax.jit
def log_phase(burnin, i_total):
    label = PHASES[burnin]
    return i_total + 1


log_phase(jnp.bool_(True), jnp.int32(3))
"""

RECORDED_IN_CONTEXT = """\
import jax
import jax.numpy as jnp


class Program:
    current = None

    def __enter__(self):
        self.ops, Program.current = [], self
        return self

    def __exit__(self, *exc):
        Program.current = None


def displace(r):
    Program.current.ops.append(r)


def run(program):
    return sum(jnp.sin(op) for op in program.ops)


best = {}


def loss(r):
    with Program() as program:
        displace(r)
    state = run(program)
    best["state"] = state
    return -state


jax.grad(loss)(0.9)
best["state"] + 1.0
"""

SEQUENCE_TO_JIT = """\
import jax


class Diagram:
    dtype = float  # (discopy's diagrams carry their tensors' dtype: jit then asks NumPy for the shape)

    def __init__(self, *boxes):
        self.boxes = boxes

    def __len__(self):
        return len(self.boxes)

    def __getitem__(self, i):
        return self.boxes[i]

    def __hash__(self):
        return hash(self.boxes)

    def __eq__(self, other):
        return isinstance(other, Diagram) and self.boxes == other.boxes


@jax.jit
def evaluate(diagram, scale):
    return scale * len(diagram)


evaluate(Diagram((1.0,), (0.0, 1.0)), 2.0)
"""


def test_jax_numpy_handed_in_as_a_parameter_is_jax_numpy(tmp_path):
    found = explained_cell("xnp-nonzero", GETTSIM_XNP, NONZERO_FROM_XNP, tmp_path)
    sized = [f for f in found.fixes if f.kind == "size-argument"]
    assert sized and sized[0].verified is True, tried(found)
    assert "xnp.nonzero(" in sized[0].code and "size=" in sized[0].code, sized[0].code


def test_a_parameter_named_outside_ascii_is_named_whole(tmp_path):
    found = explained_cell("non-ascii", GETTSIM_NAMES, NON_ASCII_PARAMETER, tmp_path)
    assert found.kind == "bool-conversion"
    assert found.argument == "vermögen", found.message
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True, tried(found)


def test_a_function_named_with_spaces_is_named_whole(tmp_path):
    found = explained_cell("spaced-name", DAGS, SPACED_NAME, tmp_path)
    assert found.argument == "x", found.message
    assert "while tracing The concatenated function" in found.message, found.message


def test_an_if_only_to_print_is_a_cond_around_a_debug_print(tmp_path):
    found = explained_cell("print-every", BARTZ_CALLBACK, PRINT_EVERY, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.template) == ("lax.cond", True, False), tried(found)
    assert "debug.print('iteration {} state {}', i_total, state)" in first.code, first.code
    assert "lambda: None" in first.code, first.code


def test_a_tuple_indexed_by_a_traced_flag_is_an_integer_conversion(tmp_path):
    found = explained_cell("tuple-flag", BARTZ_CALLBACK, TUPLE_BY_TRACED_FLAG, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "burnin", 9), found.message


def test_a_value_made_in_a_recording_context_depends_on_what_its_body_got(tmp_path):
    found = explained_cell("recorded", PIQUASSO, RECORDED_IN_CONTEXT, tmp_path)
    assert (found.kind, found.argument) == ("leaked-tracer", "r"), found.message
    assert found.fixes[0].kind == "return-value", tried(found)  # (untried: ``displace`` stores a tracer too)


def test_a_sequence_that_is_no_pytree_passed_to_jit_is_made_static(tmp_path):
    found = explained_cell("sequence-arg", DISCOPY, SEQUENCE_TO_JIT, tmp_path)
    assert (found.kind, found.argument) == ("non-array-argument", "diagram"), found.message
    assert found.fixes[0].kind == "static" and found.fixes[0].verified is True, tried(found)


TENSOR_LIBRARY = """\
class Tensor:
    def __init__(self, array):
        self.array = array

    def __rshift__(self, other):
        return Tensor(self.array @ other.array)

    def __float__(self):
        return float(self.array)
"""

FLOAT_OF_LIBRARY_TENSOR = """\
import jax
import jax.numpy as jnp
import tensorlib

effect = tensorlib.Tensor(jnp.ones(2))


def score(state):
    ket = tensorlib.Tensor(state)
    return float(ket >> effect)


jax.vmap(score)(jnp.array([[0.6, 0.8], [1.0, 0.0]]))
"""

COUNTED_LOOP_LIBRARY = """\
import jax
from jax import lax

_traced = []  # (kept across runs, as bartz's own count is where a run stops half-way)


def run(callback, n):
    def body(i, carry):
        if len(_traced) >= 2:
            raise RuntimeError("the inner loop was traced more than once")
        _traced.append(True)
        callback(i)
        return carry + 1

    return jax.jit(lambda c: lax.fori_loop(0, n, body, c))(0)
"""

CALLBACK_IN_COUNTED_LOOP = """\
import countedloop


def progress(i):
    print(f"step {i:d}")


countedloop.run(progress, 3)
"""


def test_float_of_a_library_array_type_keeps_its_array(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tensorlib", TENSOR_LIBRARY)
    found = explained_cell("library-float", DISCOPY, FLOAT_OF_LIBRARY_TENSOR, tmp_path)
    fixed = [f for f in found.fixes if f.kind == "astype"]
    assert fixed and fixed[0].code.strip() == "(ket >> effect).array.astype(float)", tried(found)
    assert fixed[0].verified is True, tried(found)


def test_a_library_that_refuses_a_second_trace_leaves_the_try_unknown(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "countedloop", COUNTED_LOOP_LIBRARY)
    found = explained_cell("counted-loop", BARTZ_CALLBACK, CALLBACK_IN_COUNTED_LOOP, tmp_path)
    assert found.kind == "concretization", found.message
    assert all(f.verified is not False for f in found.fixes), tried(found)
    assert any("refuses a second run" in (f.outcome or "") for f in found.fixes), tried(found)


CBFPY = "https://github.com/danielpmorton/cbfpy"  # init_args: extra arguments of the barrier functions

FILTER_LIBRARY = """\
import jax


class Filter:
    def __init__(self, config):
        self.config = config

    def apply(self, z, *args):
        return jax.jit(lambda z, *a: self.config.h(z, *a))(z, *args)
"""

COUNT_HANDED_TO_A_LIBRARY = """\
import jax.numpy as jnp
import barrier


class Obstacles:
    def h(self, z, n_obs):
        return jnp.stack([z.sum() - i for i in range(n_obs)])


barrier.Filter(Obstacles()).apply(jnp.ones(2), {count})
"""


def test_a_number_a_library_traces_into_your_method_gets_guidance(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "barrier", FILTER_LIBRARY)
    found = explained_cell("handed-count", CBFPY, COUNT_HANDED_TO_A_LIBRARY.format(count="3"), tmp_path)
    assert (found.kind, found.argument) == ("integer-conversion", "n_obs"), found.message
    assert found.fixes and found.fixes[0].kind == "static" and found.fixes[0].template, tried(found)
    assert "self.n_obs" in found.fixes[0].code, found.fixes[0].code


def test_a_value_the_caller_typed_gets_no_such_guidance(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "barrier", FILTER_LIBRARY)
    found = explained_cell("typed-count", CBFPY, COUNT_HANDED_TO_A_LIBRARY.format(count="jnp.int32(3)"), tmp_path)
    assert not any("self.n_obs" in f.code for f in found.fixes), tried(found)


EAGERPY = "https://eagerpy.jonasrauber.de/guide/converting.html"  # .numpy() and .raw

WRAPPER_LIBRARY = """\
import numpy as np


class Base:
    __slots__ = "_raw"

    def __init__(self, raw):
        self._raw = raw

    @property
    def raw(self):
        return self._raw


class Wrapped(Base):
    __slots__ = ()

    def abs(self):
        return Wrapped(abs(self._raw))

    def numpy(self):
        return np.asarray(self._raw)
"""

NUMPY_OF_A_WRAPPED_ARRAY = """\
import jax
import jax.numpy as jnp
import numpy as np
import wraplib


def robust_scale(x):
    t = wraplib.Wrapped(x)
    q90 = np.percentile(t.abs().numpy(), 90)
    return x / q90


jax.jit(robust_scale)(jnp.linspace(-2.0, 3.0, 11))
"""


def test_numpy_of_a_library_array_type_gives_jnp_its_array(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "wraplib", WRAPPER_LIBRARY)
    found = explained_cell("wrapped-numpy", EAGERPY, NUMPY_OF_A_WRAPPED_ARRAY, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp-not-np", True), tried(found)
    assert "jnp.percentile(t.abs().raw, 90)" in first.code, first.code


BACKEND_LIBRARY = """\
import contextlib

import jax.numpy as jnp
import numpy as np

_chosen = ["numpy"]


@contextlib.contextmanager
def backend(name):
    \"\"\"Compute with another array backend inside: "numpy" (the default) or "jax".\"\"\"
    _chosen.append(name)
    try:
        yield
    finally:
        _chosen.pop()


class Gate:
    def __init__(self, theta):
        self.theta = theta

    def eval(self):
        xp = jnp if _chosen[-1] == "jax" else np
        return xp.cos(xp.asarray(self.theta))
"""

GATE_UNDER_THE_NUMPY_BACKEND = """\
import jax
import jax.numpy as jnp
import gatelib


def probability(params):
    amplitude = gatelib.Gate(params[0]).eval()
    return amplitude ** 2


jax.jit(probability)(jnp.array([0.1, 0.2]))
"""


def test_a_library_computing_with_numpy_is_switched_to_jax_around_the_line(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "gatelib", BACKEND_LIBRARY)
    found = explained_cell("library-backend", DISCOPY, GATE_UNDER_THE_NUMPY_BACKEND, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp-not-np", True), tried(found)
    assert first.code.splitlines()[:2] == ["from gatelib import backend", "with backend('jax'):"], first.code


def test_in_a_shell_arguments_a_line_computes_are_read_off_jax_dispatch(shell):
    from IPython.utils.capture import capture_output

    shell.run("%jittrace_explain on")
    with capture_output() as captured:
        shell.ip.run_cell(SEQUENCE_TO_JIT)
    shown = captured.stdout + "".join(o.data.get("text/plain", "") for o in captured.outputs)
    assert "depends on argument diagram" in shown, shown
    assert "static_argnames='diagram'" in shown and "✓ verified" in shown, shown
