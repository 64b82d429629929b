"""Shapes that do not fit (issue 25, point 4): explained with the line, the operands and their shapes, the
arguments they come from, and a fix only where the shapes make one certain.

Each case of ``explain_shapes.py`` runs as a user meets it: a cell written to disk as a kernel writes it,
executed, its exception given to ``jaxmagic.explain`` with the function and arguments of the failing call.
Look-alikes (NumPy's shape errors, the user's own ``raise`` with JAX's words) stay unexplained.
"""
from __future__ import annotations

import ast
import contextlib
import io
import linecache

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from corpus_harness import run_case
from explain_shapes import CASES
from test_hostile import SCRIPT, assert_readable_text, assert_safe_html

import jaxmagic


def _normal(line: str) -> str:
    return ast.dump(ast.parse(line.strip()))


def spliced(found, fix) -> str:
    """The user's line with ``fix.code`` put where its edit's target stands."""
    target = fix.recipe.target
    line = found.source_line
    assert target.lineno == target.end_lineno == found.lineno
    return line[:target.col_offset] + fix.code + line[target.end_col_offset:]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_each_case_names_line_operands_arguments_and_the_certain_fix(case, tmp_path):
    outcome = run_case(case, tmp_path)  # a file on disk, as a kernel writes a cell
    found = outcome.explanation
    assert outcome.exception is not None and type(outcome.exception).__name__ == case.exception
    assert found is not None and found.analysis_failed is None, found and found.analysis_failed
    assert found.exception is outcome.exception
    assert (found.kind, found.error_type, found.lineno) == (case.kind, case.exception, case.line)
    if case.operands:
        assert tuple((o.expression, o.shape) for o in found.operands) == case.operands, found.message
    assert set(found.paths) == set(case.arguments), found.message
    assert found.argument == (found.arguments[0] if found.arguments else None)
    assert found.detail and found.detail in found.message
    assert found.why and found.why in found.message
    assert found.docs.startswith("https://docs.jax.dev/")
    if case.fix is None:
        assert found.fixes == [], found.message
        assert found.must_agree and "no certain fix" in found.message
    else:
        [fix] = found.fixes
        assert fix.verified is True, found.message
        assert _normal(spliced(found, fix)) == _normal(case.fix)
        assert fix.code in found.message


def test_the_corpus_is_sound_data_from_jax_sources_only():
    assert len(CASES) >= 20
    assert len({c.id for c in CASES}) == len(CASES)
    assert all(c.source.startswith(("https://docs.jax.dev/", "https://github.com/jax-ml/jax/")) for c in CASES)
    assert {c.kind for c in CASES} == {"shape-mismatch", "symbolic-dimension", "jaxpr-type"}
    assert sum(c.fix is not None for c in CASES) >= 6 and sum(c.fix is None for c in CASES) >= 6


def _define(source: str, filename: str) -> dict:
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {"jax": jax, "jnp": jnp, "np": np}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the test's own source
    return namespace


def _raised(fn, *args):
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001
        return exc
    raise AssertionError("no error")


# --- look-alikes stay unexplained ------------------------------------------------------------

LOOK_ALIKES = {
    "user-raise-with-jax-words": (
        "def f(x):\n    raise ValueError('Incompatible shapes for broadcasting: shapes=[(3,), (4,)]')\n",
        (jnp.ones(3),)),
    "user-raise-dot-general-words": (
        "def f(x):\n    if x.shape[0] != 4:\n        raise TypeError("
        "'dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).')\n    return x\n",
        (jnp.ones(3),)),
    "numpy-stack": ("def f(x):\n    return np.stack([np.ones(3), np.ones(4)]).sum() + x\n", (1.0,)),
    "numpy-split": ("def f(x):\n    return np.split(np.ones(3), 2)[0].sum() + x\n", (1.0,)),
    "numpy-matmul": ("def f(x):\n    return (np.ones((8, 3)) @ np.ones((4, 5))).sum() + x\n", (1.0,)),
    "numpy-reshape": ("def f(x):\n    return np.ones((8, 3)).reshape(5, 5).sum() + x\n", (1.0,)),
    "numpy-broadcast": ("def f(x):\n    return (np.ones((8, 3)) + np.ones(8)).sum() + x\n", (1.0,)),
    "plain-type-error": ("def f(x):\n    return len(x, 2)\n", (jnp.ones(3),)),
    # NumPy's own C code words these two as JAX does: the line calls NumPy on NumPy's arrays
    "numpy-axis-out-of-bounds": ("def f(x):\n    return np.add.reduce(np.ones((2, 3)), axis=2).sum() + x\n", (1.0,)),
    "numpy-squeeze": ("def f(x):\n    return np.ones((2, 3)).squeeze(axis=0).sum() + x\n", (1.0,)),
}


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_look_alikes_of_shape_errors_are_not_explained(name):
    source, args = LOOK_ALIKES[name]
    ns = _define(source, f"/jaxmagic-tests/shape-look-alike-{name}.py")
    exc = _raised(jax.jit(ns["f"]), *args)
    assert jaxmagic.explain(exc, ns["f"], args) is None
    assert jaxmagic.explain(exc) is None


def test_classes_named_like_jax_errors_outside_jax_are_not_explained():
    own = type("InconclusiveDimensionOperation", (Exception,), {})
    checked = type("JaxprTypeError", (TypeError,), {})
    assert jaxmagic.explain(own("Symbolic dimension comparison 'b' > '2' is inconclusive.")) is None
    assert jaxmagic.explain(checked("Value for variable 'b' inconsistently typed")) is None
    assert jaxmagic.explain(TypeError("unsupported operand type(s) for @: 'list' and 'list'")) is None


# --- what is offered, and what is not -----------------------------------------------------------------

MATMUL = "def layer(x, w, b):\n    h = x @ w\n    return h + b\n"


def test_two_fitting_transpositions_mean_no_certain_fix_and_the_axes_that_must_agree():
    ns = _define(MATMUL, "/jaxmagic-tests/shape-square.py")
    args = (jnp.ones((3, 4)), jnp.ones((3, 4)), jnp.ones(4))
    found = jaxmagic.explain(_raised(jax.jit(ns["layer"]), *args), ns["layer"], args)
    assert found.fixes == []  # x @ w.T and x.T @ w both fit
    assert found.must_agree == "the last axis of `x` (4) must equal the second-to-last axis of `w` (3)"
    assert "jaxmagic has no certain fix: the last axis of `x` (4) must equal" in found.message
    assert found.detail == "`x @ w`: `x` is f32[3,4], `w` is f32[3,4]; the contracting axes 4 and 3 differ"


def test_a_certain_fix_that_fails_further_on_is_marked_tried_with_what_happened():
    ns = _define(MATMUL, "/jaxmagic-tests/shape-fails-later.py")
    args = (jnp.ones((8, 3)), jnp.ones((5, 3)), jnp.ones(3))  # x @ w.T is (8, 5); adding b (3,) then fails
    found = jaxmagic.explain(_raised(jax.jit(ns["layer"]), *args), ns["layer"], args)
    [fix] = found.fixes
    assert (fix.kind, fix.code, fix.verified) == ("transpose", "x @ w.T", False)
    assert "Incompatible shapes for broadcasting" in fix.outcome


def test_verifying_a_fix_traces_abstractly_and_compiles_nothing(jax_events):
    ns = _define(MATMUL, "/jaxmagic-tests/shape-no-compile.py")
    args = (jnp.ones((8, 3)), jnp.ones((5, 3)), jnp.ones(5))
    exc = _raised(jax.jit(ns["layer"]), *args)
    jax_events.clear()
    found = jaxmagic.explain(exc, ns["layer"], args)
    assert found.fixes[0].verified is True
    assert sum(jax_events.compiles.values()) == 0
    assert not jax_events.traces["layer"]  # the user's function is never traced again under its own name


def test_without_the_call_the_operands_and_arguments_still_come_from_the_traceback():
    ns = _define(MATMUL, "/jaxmagic-tests/shape-alone.py")
    args = (jnp.ones((8, 3)), jnp.ones((5, 3)), jnp.ones(5))
    found = jaxmagic.explain(_raised(jax.jit(ns["layer"]), *args))
    assert [(o.expression, o.shape, o.paths) for o in found.operands] == [("x", "f32[8,3]", ["x"]),
                                                                        ("w", "f32[5,3]", ["w"])]
    assert found.fixes[0].code == "x @ w.T" and found.fixes[0].verified is None  # nothing to re-trace


def test_an_exception_without_its_traceback_is_placed_by_a_private_trace():
    ns = _define(MATMUL, "/jaxmagic-tests/shape-bare.py")
    args = (jnp.ones((8, 3)), jnp.ones((5, 3)), jnp.ones(5))
    exc = _raised(jax.jit(ns["layer"]), *args).with_traceback(None)
    found = jaxmagic.explain(exc, ns["layer"], args)
    assert (found.kind, found.lineno, found.paths) == ("shape-mismatch", 2, ["x", "w"])
    assert found.fixes[0].verified is True


def test_an_eager_shape_error_is_explained_by_its_shapes():
    source = "x = jnp.ones((8, 3))\ny = jnp.ones(8)\nz = x + y\n"
    filename = "/jaxmagic-tests/shape-eager.py"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"jnp": jnp}
    try:
        exec(compile(source, filename, "exec"), namespace)  # noqa: S102
    except ValueError as exc:
        found = jaxmagic.explain(exc)
    assert (found.kind, found.lineno, found.paths) == ("shape-mismatch", 3, [])
    assert found.why.startswith("JAX works out every result's shape and dtype")  # no tracer: the eager sentence
    assert [(o.expression, o.shape) for o in found.operands] == [("x", "f32[8,3]"), ("y", "f32[8]")]
    assert found.fixes[0].code == "x + y[:, None]"


def test_a_computed_operand_gets_its_shape_abstractly_and_every_argument_it_reads():
    ns = _define("def f(x, w, b):\n    return jnp.dot(x, w) + b\n", "/jaxmagic-tests/shape-computed.py")
    args = (jnp.ones((8, 3)), jnp.ones((3, 4)), jnp.ones(5))
    found = jaxmagic.explain(_raised(jax.jit(ns["f"]), *args), ns["f"], args)
    [(product, shape, paths), bias] = [(o.expression, o.shape, o.paths) for o in found.operands]
    assert (product, shape, sorted(paths)) == ("jnp.dot(x, w)", "f32[8,4]", ["w", "x"])
    assert bias == ("b", "f32[5]", ["b"])
    assert found.fixes == [] and "aligned from their last axes" in found.must_agree


def test_reading_an_operand_never_runs_the_users_functions_again():
    source = ("calls = []\ndef double(v):\n    calls.append(1)\n    return v * 2\n"
              "def f(xs, y):\n    return jax.lax.map(double, xs) + y\n")
    ns = _define(source, "/jaxmagic-tests/shape-no-rerun.py")
    args = (jnp.ones((4, 3)), jnp.ones(4))
    exc = _raised(jax.jit(ns["f"]), *args)
    before = len(ns["calls"])
    found = jaxmagic.explain(exc)  # without the call: nothing is re-traced to verify a fix
    assert len(ns["calls"]) == before
    assert [o.expression for o in found.operands] == ["y"]  # the mapped value is not evaluated, even abstractly


def test_operands_a_library_layer_holds_are_named_by_the_argument_they_are():
    pytest.importorskip("flax")  # not in the lowest-versions environment
    source = ("from flax import nnx\nlayer = nnx.Linear(3, 4, rngs=nnx.Rngs(0))\n"
              "@nnx.jit\ndef run(model, x):\n    return model(x)\n")
    ns = _define(source, "/jaxmagic-tests/shape-library.py")
    exc = _raised(ns["run"], ns["layer"], jnp.ones((8, 5)))
    found = jaxmagic.explain(exc, ns["run"], (ns["layer"], jnp.ones((8, 5))))
    assert (found.kind, found.lineno) == ("shape-mismatch", 5)
    [(x, x_shape), (kernel, kernel_shape)] = [(o.expression, o.shape) for o in found.operands]
    # NNX passes a module's state as its own flat list (JAX names it model.states[0][1]): named by attribute
    assert (x, x_shape, kernel, kernel_shape) == ("x", "f32[8,5]", "model.kernel", "f32[3,4]")
    assert found.paths == ["x", "model.kernel"]
    assert "the contracting axes 5 and 3 differ" in found.detail


def test_hostile_pytree_keys_are_escaped_in_the_html_and_readable_as_text():
    source = "def layer(params, x):\n    return x @ params[KEY]\n"
    ns = _define(source.replace("KEY", repr(SCRIPT)), "/jaxmagic-tests/shape-hostile.py")
    args = ({SCRIPT: jnp.ones((5, 3))}, jnp.ones((8, 3)))
    found = jaxmagic.explain(_raised(jax.jit(ns["layer"]), *args), ns["layer"], args)
    assert found.operands[1].paths == [f"params[{SCRIPT!r}]"]
    assert_safe_html(found.html(), SCRIPT)
    assert_readable_text(found.text())


# --- the way a notebook user meets it ---------------------------------------------------------------------


def test_a_jittrace_cell_explains_the_mismatch_at_its_own_line(shell):
    cell = ("%%jittrace\ndef layer(params, x):\n    h = x @ params['w']\n    return h + params['b']\n"
            "layer({'w': jnp.ones((5, 3)), 'b': jnp.ones(5)}, jnp.ones((8, 3)))")
    with contextlib.redirect_stdout(io.StringIO()):
        report = shell.run(cell)
    found = report.error.explanation
    assert (found.kind, found.location, found.lineno) == ("shape-mismatch", "cell line 3", 3)
    assert [(o.expression, o.shape, o.paths) for o in found.operands] == [
        ("x", "f32[8,3]", ["x"]), ("params['w']", "f32[5,3]", ["params['w']"])]
    assert (found.fixes[0].code, found.fixes[0].verified) == ("x @ params['w'].T", True)
    text = report.text()
    assert "shapes that must fit together do not" in text and "the contracting axes 3 and 5 differ" in text


def test_the_explain_hook_explains_a_plain_jit_cell(shell):
    shell.run("%jittrace_explain on")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        result = shell.ip.run_cell(
            "@jax.jit\ndef center(x, y):\n    return x + y\ncenter(jnp.ones((2, 4)), jnp.ones(2))")
    shell.run("%jittrace_explain off")
    assert isinstance(result.error_in_exec, ValueError)
    shown = printed.getvalue()
    assert "shapes that must fit together do not" in shown and "x + y[:, None]" in shown


def test_a_real_kernel_shows_the_explanation_after_the_traceback(tmp_path):
    from notebook_support import run_notebook

    cells = run_notebook([
        "%load_ext jaxmagic\nimport jax, jax.numpy as jnp\n%jittrace_explain on",
        "@jax.jit\ndef layer(x, w):\n    return jnp.dot(x, w)\nlayer(jnp.ones((8, 3)), jnp.ones((5, 3)))",
        "%%jittrace\ndef trim(pred, x):\n    return jax.lax.cond(pred, lambda v: v, lambda v: v[:2], x)\n"
        "trim(True, jnp.ones(3))",
    ], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[1].outputs)
    assert "jaxmagic explains: shapes that must fit together do not" in shown
    assert "jnp.dot(x, w.T)" in shown and "verified: traces" in shown
    [report] = [o for o in cells[2].outputs if o.output_type == "execute_result"]
    text = report.data["text/plain"]
    assert "at cell line 3" in text and "f32[3]" in text and "f32[2]" in text and "no certain fix" in text
    assert "&lt;" not in text and "<script" not in report.data["text/html"]
