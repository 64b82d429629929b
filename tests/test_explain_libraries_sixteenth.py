"""Issue 26, fourteenth round: a field a library calls from a generator, and the argument always the user's own.

- A solver that calls the user's field from a generator inside its own jit (diffrax-style solvers and
  jaxquantum's ``sesolve`` reach a field through ``jax.tree.map`` or a ``for`` over terms): once the generator has
  run, its frame forgets its caller, so the failing frame looked as if no trace were running it, and a plain
  ``if t > 0.5`` was explained as a leaked tracer. The traceback still holds the frames that ran the generator,
  the trace among them: the failure is the field's own, explained and verified as such.
- The argument is a parameter of one of the user's functions whatever library code sits between them and JAX: a
  name that belongs to the library (its jit's ``*_dynamic`` or ``**kwargs``) is never shown; the failing line's
  reads are followed back to the parameters of the user's function that holds it. Checked here with the
  finer reading of the generator's caller switched off, as the eighteenth held-out set met it before that
  reading existed (``_dynamic`` for jaxquantum's and bijx's fields).
- A value stored from inside a function under ``flax.nnx.jit`` (on the module, as bijx's flows were given a draw
  to keep, or in a list): the fix is tried through the call JAX's cache kept of ``nnx.jit``'s inner function, which
  reads its module graph through a context its wrapper opens around each call. The try opens the same context;
  without it every such try failed before it ran the user's function and was shown as not tried.
"""
from __future__ import annotations

import pytest
from corpus_harness import as_in_a_kernel, as_in_a_script, install_library, run_case
from explain_corpus import Case

JAXQUANTUM_FIELD = "https://github.com/EQuS/jaxquantum/issues/10"  # a time-dependent Hamiltonian given to sesolve
BIJX_FLOW_DRAWS = "https://github.com/mathisgerdes/bijx"  # a Chain sampled under nnx.jit, a draw kept on it
DIFFRAX_TERMS = "https://github.com/patrick-kidger/diffrax/issues/165"  # a vector field with a Python `if` on t

GENLIB = '''
import jax
import jax.numpy as jnp


class _Term:
    def __init__(self, fn):
        self.fn = fn

    def vf(self, t, y, args):
        return self.fn(t, y, args)


def _evaluated(terms, t, y, args):
    for term in terms:
        yield term.vf(t, y, args)


def solve(fn, y0, t1, args=None):
    """One step of the user's field at ``t1``, the terms summed from a generator inside the solver's jit, every
    input handed in as one ``*_dynamic`` tuple."""
    terms = [_Term(fn)]

    @jax.jit
    def run(*_dynamic):
        t, y, a = _dynamic
        return y + 0.1 * sum(_evaluated(terms, t, y, a))
    return run(jnp.asarray(t1, jnp.float32), y0, args)
'''

IF_ON_TIME = """\
import jax.numpy as jnp
from genlib_cases import solve

def field(t, y, args):
    if t > 0.5:
        return -args * y
    return y

solve(field, jnp.ones(3), 1.0, 2.0)
"""

NUMPY_DRIVE = """\
import numpy as np
import jax.numpy as jnp
from genlib_cases import solve

def field(t, y, args):
    w = args["w"]
    return y * np.cos(w * t)

solve(field, jnp.ones(3), 1.0, {"w": 2.0})
"""


@pytest.fixture
def genlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "genlib_cases", GENLIB)


def _explained(case_id: str, code: str, kind: str, tmp_path, kernel: bool = True):
    case = Case(id=case_id, source=DIFFRAX_TERMS, code=code, kind=kind, argument=None, path=None, line=1,
                fixes=(), verifiable=False, jax_fitting_fix=False)
    with as_in_a_kernel() if kernel else as_in_a_script():
        found = run_case(case, tmp_path).explanation
    assert found is not None
    return found


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "script"])
def test_a_field_called_from_a_librarys_generator_is_traced_not_leaked(genlib, tmp_path, kernel):
    found = _explained("field-from-generator", IF_ON_TIME, "bool-conversion", tmp_path, kernel)
    assert (found.kind, found.argument, found.lineno, found.function) == ("bool-conversion", "t", 5, "field")
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), found.fixes


def test_a_numpy_call_in_a_field_called_from_a_generator_is_a_numpy_call(genlib, tmp_path):
    found = _explained("numpy-from-generator", NUMPY_DRIVE, "array-conversion", tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "t", 7)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("jnp-not-np", True)


@pytest.mark.parametrize("code, kind, line", [(IF_ON_TIME, "bool-conversion", 5),
                                               (NUMPY_DRIVE, "array-conversion", 7)], ids=["if", "numpy"])
def test_a_librarys_own_input_name_is_never_the_argument(genlib, tmp_path, monkeypatch, code, kind, line):
    from jaxmagic._explain.reach import entry

    # the traceback's reading of the generator's caller switched off: the library's jit input is all the trace
    # tells, and the failing line's own reads name the user's parameter
    monkeypatch.setattr(entry, "_library_caller", lambda entries, frame: None)
    found = _explained("library-input-name", code, kind, tmp_path)
    assert (found.kind, found.lineno) == (kind, line)
    assert found.argument == "t" and not any("_dynamic" in p for p in found.paths), found.paths


NNX_ATTRIBUTE = """\
import jax
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))

@nnx.jit
def forward(model, key):
    x = jax.random.normal(key, (4, 2))
    model.last_input = x
    return model(x)

y = forward(model, jax.random.PRNGKey(1))
jnp.mean(model.last_input)
"""

NNX_LIST = """\
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
hidden = []

@nnx.jit
def forward(model, x):
    h = model(x)
    hidden.append(h)
    return jnp.tanh(h)

y = forward(model, jnp.ones((4, 2)))
jnp.mean(hidden[0])
"""


@pytest.mark.parametrize("code, argument, line", [(NNX_ATTRIBUTE, "key", 10), (NNX_LIST, "model", 10)],
                         ids=["on-the-module", "in-a-list"])
def test_a_leak_under_nnx_jit_has_its_fix_traced_in_nnx_jits_context(tmp_path, code, argument, line):
    case = Case(id="nnx-jit-leak", source=BIJX_FLOW_DRAWS, code=code, kind="leaked-tracer", argument=None,
                path=None, line=1, fixes=(), verifiable=False, jax_fitting_fix=False)
    with as_in_a_kernel():
        found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", argument, line)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), [(f.kind, f.verified, f.outcome) for f in found.fixes]
