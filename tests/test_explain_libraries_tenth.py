"""Issue 26, ninth round: reductions of leaks whose fix could not be tried because the call that traced the storing
function was not read again, each my own.

- A scan started from a library's jitted constructor (jaxlie's ``SE3.identity()``, a ``jax.jit`` of a class
  method): a jitted function is pure by JAX's contract, so the statement's arguments are made again.
- A library's own scan (haliax's ``hax.scan(block, Layer)(init, xs)``) whose init is a library's array
  constructor (``hax.ones(Embed)``): the library's transformation wraps the fixed body, as JAX's would.
- ``jax.grad`` of a method that keeps a value on ``self``, called with a named tuple's ``_replace`` and with
  arithmetic on arrays (diffmah's ``DEFAULT_MAH_PARAMS._replace(logm0=11.5)``; jaxns's ``0.8 * jnp.sin(x)``):
  both are made again without running code of the user's.
- The argument expressions that stay unread: a method of a library object (it may change that object), and
  arithmetic on an object of the user's (its operators are the user's code).
- A boolean mask inside a sum through a per-element function (jaxns's ``Normal(...).log_prob(y[t < t0]).sum()``):
  the mask goes after the function, and the same problem on the next line (``y[t >= t0]``), met when the first
  line's fix is tried, is fixed alike and tried with it; likewise two ``if`` tests on traced values.
"""
from __future__ import annotations

import ast
import sys
import types

import jax
import jax.numpy as jnp
import pytest
from corpus_harness import fix_case, install_library, leak_case, run_case

from jaxmagic._explain.recover import Impure, evaluate_pure

JAXLIE_SCAN = "https://github.com/brentyi/jaxlie"  # lax.scan over SE3 poses, from SE3.identity()
HALIAX_SCAN = "https://github.com/stanford-crfm/haliax/blob/main/docs/scan.md"  # hax.scan(block, Layer)(x, w)
DIFFMAH_FIT = "https://github.com/ArgonneCPAC/diffmah"  # jax.grad of a fitter's loss at PARAMS._replace(...)

TENTHLIB = '''
import collections

import jax
import jax.numpy as jnp


class Pose:
    """A pose kept as an array, made by a jitted class method (as jaxlie makes its groups)."""

    def __init__(self, values):
        self.values = values

    @classmethod
    def _identity(cls):
        return cls(jnp.zeros(3))

    def moved(self, step):
        return Pose(self.values + step)


jax.tree_util.register_pytree_node(Pose, lambda p: ((p.values,), None), lambda _, c: Pose(*c))
Pose.identity = staticmethod(jax.jit(Pose._identity))  # a jit of the bound class method, as jaxlie's are


def ones(n):
    """An array library's constructor."""
    return jnp.ones(n)


def scan(fn, length):
    """A library's scan: a function of (init, xs) that runs ``fn`` over ``length`` steps."""

    def run(init, xs):
        return jax.lax.scan(fn, init, xs, length=length)

    return run


Params = collections.namedtuple("Params", ["scale", "shift"])
DEFAULTS = Params(jnp.float32(1.0), jnp.float32(0.0))


class Sampler:
    """A library object whose method changes it."""

    def __init__(self):
        self.calls = 0

    def states(self):
        self.calls += 1
        return jnp.ones((4, 3))
'''


@pytest.fixture
def tenthlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tenthlib_cases", TENTHLIB)
    yield
    sys.modules.pop("tenthlib_cases", None)


def _traced_first(case, tmp_path):
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", case.argument, case.line)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("return-value", True), first.outcome
    return first


def test_a_scan_started_from_a_librarys_jitted_constructor_is_traced_again(tenthlib, tmp_path):
    # reduces the second held-out set's jaxlie scan that keeps each pose in a global list
    case = leak_case("ten-jitted-constructor", JAXLIE_SCAN, """\
import jax
import jax.numpy as jnp
import tenthlib_cases as lib

history = []

def integrate(pose, step):
    moved = pose.moved(step)
    history.append(moved)
    return moved, None

jax.lax.scan(integrate, lib.Pose.identity(), jnp.ones((5, 3)))
history[-1].values.sum()
""", 9, "pose")
    first = _traced_first(case, tmp_path)
    assert "lib.Pose.identity()" in first.outcome


def test_a_librarys_own_scan_runs_the_fixed_body(tenthlib, tmp_path):
    # reduces the twelfth set's W-haliax-scan-activation-list-leak
    case = leak_case("ten-library-scan", HALIAX_SCAN, """\
import jax
import jax.numpy as jnp
import tenthlib_cases as lib

activations = []

def block(x, w):
    x = jnp.tanh(x * w)
    activations.append(x)
    return x, None

final, _ = lib.scan(block, 4)(lib.ones(8), jnp.ones((4, 8)))
jnp.stack(activations)
""", 9, "x")
    first = _traced_first(case, tmp_path)
    assert "lib.scan(block, 4)(lib.ones(8)" in first.outcome
    # the user's own line, rewritten to keep what the scan stacks
    assert "final, activations_items = lib.scan(block, 4)(lib.ones(8), jnp.ones((4, 8)))" in first.code
    ast.parse(first.code)


def test_grad_of_a_method_at_a_replaced_named_tuple_and_array_arithmetic_is_traced_again(tenthlib, tmp_path):
    # reduces the tenth set's t-diffmah-grad-leak-self-attr (a fitter keeping its best curve on self)
    case = leak_case("ten-grad-replace", DIFFMAH_FIT, """\
import jax
import jax.numpy as jnp
import tenthlib_cases as lib

class Fitter:
    def __init__(self, t):
        self.t = t

    def loss(self, params, target):
        curve = params.scale * self.t + params.shift
        self.best_curve = curve
        return jnp.mean((curve - target) ** 2)

t = jnp.linspace(0.0, 1.0, 6)
fitter = Fitter(t)
grads = jax.grad(fitter.loss)(lib.DEFAULTS._replace(scale=jnp.float32(2.0)), 0.5 * jnp.sin(t))
jnp.max(fitter.best_curve)
""", 11, "params")
    first = _traced_first(case, tmp_path)
    assert "grads, best_curve = jax.grad(fitter.loss, has_aux=True)(lib.DEFAULTS._replace(" in first.code
    assert not first.template


class _Scaled:
    """A user's class with its own operator."""

    def __init__(self):
        self.used = 0

    def __mul__(self, other):
        self.used += 1
        return other


@pytest.mark.parametrize("text", ["sampler.states()", "scaled * 2.0"])
def test_arguments_that_run_code_that_may_change_something_stay_unread(tenthlib, text):
    import tenthlib_cases as lib

    frame = types.SimpleNamespace(f_globals={"sampler": lib.Sampler(), "scaled": _Scaled(), "jnp": jnp},
                                  f_locals={})
    with pytest.raises(Impure):
        evaluate_pure(ast.parse(text, mode="eval").body, frame, library_values=True)
    assert frame.f_globals["sampler"].calls == 0 and frame.f_globals["scaled"].used == 0


def test_arithmetic_on_arrays_and_a_named_tuples_replace_are_read(tenthlib):
    import tenthlib_cases as lib

    frame = types.SimpleNamespace(f_globals={"lib": lib, "jnp": jnp, "x": jnp.arange(3.0)}, f_locals={})
    read = evaluate_pure(ast.parse("(lib.DEFAULTS._replace(shift=1.0), 0.8 * jnp.sin(x) + x)", mode="eval").body,
                         frame, library_values=True)
    assert read[0].shift == 1.0 and lib.DEFAULTS.shift == 0.0
    assert jax.numpy.allclose(read[1], 0.8 * jnp.sin(jnp.arange(3.0)) + jnp.arange(3.0))


JAXNS_CHANGEPOINT = "https://github.com/Joshuaalbert/jaxns"  # a change-point likelihood split by a traced time


def test_a_mask_inside_a_densitys_sum_on_two_lines_is_masked_after_the_density_on_both(tmp_path):
    # reduces the twelfth set's x-jaxns-changepoint-mask: the values before and after a traced change point, each
    # selected by a mask and summed through a density; the try of the first line's fix meets the second line
    case = fix_case("ten-two-masked-densities", JAXNS_CHANGEPOINT, """\
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

@jax.jit
def log_likelihood(t, y, t0):
    before = norm.logpdf(y[t < t0], 1.0, 0.3).sum()
    after = norm.logpdf(y[t >= t0], -1.0, 0.3).sum()
    return before + after

t = jnp.linspace(0.0, 10.0, 20)
log_likelihood(t, jnp.where(t < 4.0, 1.0, -1.0), 4.0)
""", "boolean-index", "t", 7, "jnp.where")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("boolean-index", "t", 7)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
    # every element's density, the unselected ones 0 in the sum: the same total as the selection's
    assert "jnp.where(t < t0, norm.logpdf(y, 1.0, 0.3), 0).sum()" in top.code
    assert "jnp.where(t >= t0, norm.logpdf(y, -1.0, 0.3), 0).sum()" in top.code
    assert "line 8: the same problem, fixed alike" in top.outcome


def test_the_fixed_line_then_failing_another_way_stays_a_failed_try(tmp_path):
    case = fix_case("ten-then-another-error", JAXNS_CHANGEPOINT, """\
import jax
import jax.numpy as jnp

@jax.jit
def tail_mean(x, cut):
    kept = jnp.exp(x[x > cut]).mean()
    return kept * jnp.ones(int(cut))

tail_mean(jnp.arange(6.0), 2.0)
""", "boolean-index", "x", 6, "jnp.where")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.kind == "jnp.where" and "jnp.where(x > cut, jnp.exp(x), 0).sum() / (x > cut).sum()" in top.code
    assert top.verified is False and "ConcretizationTypeError" in top.outcome and "fixed alike" not in top.outcome


def test_two_if_tests_on_traced_values_are_both_rewritten(tmp_path):
    # the same follow-through for another kind: a clip written as two `if` statements (the lesson's pattern twice)
    case = fix_case("ten-two-ifs", "https://docs.jax.dev/en/latest/control-flow.html", """\
import jax
import jax.numpy as jnp

@jax.jit
def clipped(x, lo, hi):
    y = x.sum()
    if y < lo:
        y = lo
    if y > hi:
        y = hi
    return y

clipped(jnp.ones(3), 0.0, 2.0)
""", "bool-conversion", "x", 7, "jnp.where")
    top = run_case(case, tmp_path).explanation.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
    assert top.code == "y = jnp.where(y < lo, lo, y)   # line 7\ny = jnp.where(y > hi, hi, y)   # line 9"
    assert top.outcome.endswith("(line 9: the same problem, fixed alike)")


@pytest.fixture
def ninthlib(tmp_path, monkeypatch):
    from test_explain_libraries_ninth import NINTHLIB

    install_library(tmp_path, monkeypatch, "ninthlib_cases", NINTHLIB)
    yield
    sys.modules.pop("ninthlib_cases", None)


def test_a_string_a_library_passes_on_from_its_args_is_bound_to_the_users_parameter(ninthlib, tmp_path):
    # reduces the twelfth set's x-jaxns-string-arg: a noise model's name among a prior model's `args`; the library's
    # jit refuses it at `args[1]`, which the user's function receives as `noise`
    case = fix_case("ten-bound-string", JAXNS_CHANGEPOINT, """\
import jax.numpy as jnp
import ninthlib_cases as lib

def prior_model(y, noise):
    scale = 2.0 if noise == "laplace" else 1.0
    return jnp.sum(y) * scale

model = lib.Model(prior_model=prior_model)
model.check(args=(jnp.ones(3), "laplace"))
""", "non-array-argument", "noise", 9, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "noise", 9)
    top = found.fixes[0]
    assert top.kind == "static"
    # the whole statement, so that pasting it still binds `model`; never a new signature for the library's function
    assert "model = lib.Model(prior_model=functools.partial(prior_model, noise='laplace'))" in top.code
    assert "args=(jnp.ones(3),)" in top.code
    assert not any("def " in f.code for f in found.fixes)


def test_both_rewritten_lines_run_when_pasted_over_the_lines_they_name(tmp_path):
    code = """\
import jax
import jax.numpy as jnp

@jax.jit
def clipped(x, lo, hi):
    y = x.sum()
    if y < lo:
        y = lo
    if y > hi:
        y = hi
    return y

clipped(jnp.ones(3), 0.0, 2.0)
"""
    top = run_case(fix_case("ten-two-ifs-pasted", "https://docs.jax.dev/en/latest/control-flow.html", code,
                            "bool-conversion", "x", 7, "jnp.where"), tmp_path).explanation.fixes[0]
    lines = code.splitlines()
    for rewrite in top.code.splitlines():  # each `... # line N` replaces the `if` statement that starts there
        at = int(rewrite.rsplit("# line ", 1)[1]) - 1
        lines[at], lines[at + 1] = "    " + rewrite, ""
    namespace: dict = {}
    exec(compile("\n".join(lines).replace("clipped(jnp.ones(3), 0.0, 2.0)", "out = clipped(jnp.ones(3), 0.0, 2.0)"),
                 "<pasted>", "exec"), namespace)  # noqa: S102
    assert float(namespace["out"]) == 2.0
