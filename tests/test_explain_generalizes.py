"""Issue 16: explanations that generalize, each pattern on an own reduction of a real case.

Every case in ``explain_generalize.py`` runs with its cell a file on disk (as
a kernel writes it): the kind, the argument and its path, the line, an
acceptable first fix, and that fix re-traced. Then what each pattern adds:
leak fixes are the user's own function rewritten (threaded through the
carry, a branch, ``has_aux``), fixes are verified through the user's
transformations, several compile-time values become static together, and a
fix that would not trace is never marked verified.
"""
from __future__ import annotations

import ast
import contextlib
import functools
import io
import sys

import jax
import jax.numpy as jnp
import pytest
from corpus_harness import run_case
from explain_generalize import CASES

import jaxmagic
from jaxmagic._common.through import has_transformations, rewrap

BY_ID = {c.id: c for c in CASES}


def explained(case_id: str, tmp_path):
    outcome = run_case(BY_ID[case_id], tmp_path)
    assert outcome.explanation is not None, outcome.exception
    return outcome.explanation


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_each_pattern_is_explained_and_its_first_fix_verified_where_it_can_be(case, tmp_path):
    outcome = run_case(case, tmp_path)
    found = outcome.explanation
    assert found is not None and found.exception is outcome.exception
    assert (found.kind, found.argument, found.path, found.lineno) == (case.kind, case.argument, case.path, case.line)
    top = found.fixes[0]
    assert top.kind in case.fixes, found.message
    assert (top.verified is True) == case.verifiable, (top.code, top.outcome)
    assert top.template != case.verifiable  # a fix not re-run is a template, and says so
    if not case.verifiable:
        assert "· not tried" in found.text()
    ast.parse(top.code)


# --- 1, 2: leaks through transformations, fixed as the user's own code ---


def test_a_scan_body_store_is_threaded_out_with_the_per_step_outputs(tmp_path):
    top = explained("gen-scan-body-stores-on-global-object", tmp_path).fixes[0]
    assert "probe.peak" not in top.code  # the store is gone, and so are the later reads of it
    assert "(seen, peaks) = jax.lax.scan(step" in top.code
    assert "final - peaks[-1]" in top.code  # the value the last step stored


def test_a_method_storing_under_grad_returns_the_value_as_aux(tmp_path):
    found = explained("gen-grad-of-method-keeps-statistic", tmp_path)
    top = found.fixes[0]
    assert "jax.grad(scaler.loss, has_aux=True)(w, batch)" in top.code
    assert "class Scaler:" in top.code and "return (jnp.sum((batch * w - mean) ** 2), mean)" in top.code
    assert "has_aux" in top.summary


def test_a_cond_branch_store_gives_the_other_branch_a_placeholder(tmp_path):
    top = explained("gen-cond-branch-assigns-nonlocal", tmp_path).fixes[0]
    assert "lambda v: (v, jnp.zeros_like(v - cap))" in top.code
    assert "nonlocal" not in top.code


def test_a_leak_used_after_the_jitted_call_keeps_its_use_line(tmp_path):
    found = explained("gen-jit-stores-global-used-later", tmp_path)
    assert (found.lineno, found.use_lineno) == (9, 13)
    assert "return (v / last_scale, last_scale)" in found.fixes[0].code
    assert "global" not in found.fixes[0].code


def test_numpy_reading_a_tracer_after_its_trace_ended_is_a_leak(tmp_path):
    found = explained("gen-jitted-method-cache-read-by-numpy", tmp_path)
    assert found.error_type == "TracerArrayConversionError" and found.kind == "leaked-tracer"
    assert found.use_lineno == 15 and "class Smoother:" in found.fixes[0].code


def test_a_threaded_value_that_does_not_fit_its_use_is_never_marked_verified(tmp_path):
    # vmap stacks the threaded value (one per row): the original `out * norms[0]` broadcast no longer fits,
    # and re-tracing says so instead of trusting the rewrite
    case = BY_ID["gen-vmap-helper-fills-enclosing-list"]
    broken = case.code.replace("return out, norms[0].mean()", "return out * norms[0]")
    outcome = run_case(dataclass_replace(case, code=broken, id=case.id + "-broadcast"), tmp_path)
    threaded = [f for f in outcome.explanation.fixes if f.kind == "return-value"]
    assert threaded and threaded[0].verified is False
    assert "still fails" in threaded[0].outcome
    assert outcome.explanation.fixes[0] is not threaded[0]  # a failed fix goes last


@pytest.mark.parametrize("case_id, expected", [
    ("gen-scan-body-stores-on-global-object", 0.0),  # the running max's last step is the final carry
    ("gen-cond-branch-assigns-nonlocal", (2.0, 3.0)),  # clipped to the cap, and by how much
    ("gen-vmap-helper-fills-enclosing-list", 3 ** 0.5),  # the mean row norm of ones((2, 3))
])
def test_a_threaded_fix_typed_in_runs_the_users_program(case_id, expected, tmp_path):
    case = BY_ID[case_id]
    top = explained(case_id, tmp_path).fixes[0]
    lines = case.code.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("@jax.jit"))
    end = next(i for i in range(start + 2, len(lines)) if lines[i] and not lines[i].startswith((" ", "\t")))
    fixed = "\n".join([*lines[:start], top.code, "", *lines[end:]])
    namespace: dict = {}
    *setup, last = ast.parse(fixed).body
    exec(compile(ast.Module(setup, []), str(tmp_path / "fixed.py"), "exec"), namespace)
    result = eval(compile(ast.Expression(last.value), str(tmp_path / "fixed.py"), "eval"), namespace)
    got = result[1] if case_id.startswith("gen-vmap") else result
    assert jnp.allclose(jnp.asarray(got), jnp.asarray(expected)), (fixed, result)


def exec_cell(code: str, tmp_path, raises: bool = True) -> tuple[BaseException | None, dict]:
    """The whole cell as one code object from a file on disk, as a kernel runs it; its error."""
    cell = tmp_path / "whole_cell.py"
    cell.write_text(code)
    namespace: dict = {"__name__": "whole_cell"}
    if not raises:
        exec(compile(code, str(cell), "exec"), namespace)
        return None, namespace
    with pytest.raises(Exception) as raised:
        exec(compile(code, str(cell), "exec"), namespace)
    return raised.value, namespace


def test_a_leak_used_in_the_cell_that_jitted_it_is_still_a_leak(tmp_path):
    error, namespace = exec_cell(BY_ID["gen-jit-stores-global-used-later"].code, tmp_path)
    found = jaxmagic.explain(error)
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 9, 13)


def test_an_error_in_a_derivative_rule_is_not_a_leak(tmp_path):
    # the backward rule runs after the function returned: its frame is gone, the trace is not
    code = """\
import jax
import jax.numpy as jnp

@jax.custom_vjp
def clip_grad(x):
    return x

def fwd(x):
    return x, x

def bwd(res, g):
    if res > 0:
        return (g,)
    return (-g,)

clip_grad.defvjp(fwd, bwd)
"""
    _, namespace = exec_cell(code, tmp_path, raises=False)
    with pytest.raises(Exception) as raised:
        eval("jax.jit(jax.grad(clip_grad))(1.0)", namespace)
    assert jaxmagic.explain(raised.value).kind == "bool-conversion"


def test_an_error_inside_a_library_jit_is_not_a_leak(tmp_path):
    pytest.importorskip("equinox")  # a test dependency; the lowest-versions run has none
    code = """\
import equinox as eqx
import jax.numpy as jnp

@eqx.filter_jit
def flip(x):
    if x.sum() > 0:
        return x
    return -x
"""
    _, namespace = exec_cell(code, tmp_path, raises=False)
    with pytest.raises(Exception) as raised:
        namespace["flip"](jnp.ones(2))
    found = jaxmagic.explain(raised.value, namespace["flip"], (jnp.ones(2),))
    assert (found.kind, found.lineno) == ("bool-conversion", 6)


def test_verifying_a_leak_fix_never_writes_into_the_users_objects(tmp_path):
    code = """\
import jax
import jax.numpy as jnp

log = []

@jax.jit
def f(x):
    y = x * 2
    log.append(y)
    z = y + 1
    log.append(z)
    return z

f(1.0)
jnp.stack(log)
"""
    error, namespace = exec_cell(code, tmp_path)
    before = list(namespace["log"])
    found = jaxmagic.explain(error, namespace["f"], (1.0,))
    assert namespace["log"] == before  # the rewrite still appends once: it is shown, not re-traced
    assert found.fixes and all(f.verified is not True for f in found.fixes if f.kind == "return-value")


def test_a_helper_called_twice_or_with_has_aux_taken_is_not_threaded(tmp_path):
    code = """\
import jax
import jax.numpy as jnp

acts = {}

@jax.jit
def net(x):
    def layer(h):
        acts["last"] = jnp.tanh(h)
        return acts["last"] * 2.0

    h = jax.checkpoint(layer)(x)
    h = jax.checkpoint(layer)(h)
    return h + acts["last"]

@jax.jit
def step(w):
    def loss(w):
        acts["err"] = (w - 1.0).mean()
        return jnp.sum(w ** 2), w.max()

    g, worst = jax.grad(loss, has_aux=True)(w)
    return g + acts["err"]
"""
    _, namespace = exec_cell(code, tmp_path, raises=False)
    for name in ("net", "step"):
        with pytest.raises(Exception) as raised:
            namespace[name](jnp.ones(3))
        found = jaxmagic.explain(raised.value, namespace[name], (jnp.ones(3),))
        assert found.kind == "leaked-tracer"
        assert all(f.verified is not True for f in found.fixes), name
        assert all("has_aux=True, has_aux=True" not in f.code for f in found.fixes)


def test_names_the_fix_adds_never_shadow_the_users(tmp_path):
    code = """\
import jax
import jax.numpy as jnp

class Probe:
    peak = None

probe = Probe()

@jax.jit
def running_max(signal, peaks):
    def step(best, s):
        probe.peak = jnp.maximum(best, s)
        return probe.peak, s

    final, seen = jax.lax.scan(step, -jnp.inf, signal)
    return final - probe.peak + peaks.sum()
"""
    _, namespace = exec_cell(code, tmp_path, raises=False)
    with pytest.raises(Exception) as raised:
        namespace["running_max"](jnp.ones(3), jnp.ones(2))
    top = jaxmagic.explain(raised.value, namespace["running_max"], (jnp.ones(3), jnp.ones(2))).fixes[0]
    assert "peaks.sum()" in top.code and "(seen, peaks_2)" in top.code and "peaks_2[-1]" in top.code


# --- 3: through the user's transformations ---


def test_rewrap_rebuilds_each_layer_around_the_new_function():
    calls = []

    def f(x, n):
        return x * n

    def g(x, n):
        calls.append(n)
        return x * n + 1.0

    for outer in (jax.jit(jax.jacrev(f), static_argnums=1), jax.vmap(f, in_axes=(0, None)),
                  jax.checkpoint(f, static_argnums=(1,)), functools.partial(jax.grad(f), n=2.0)):
        assert has_transformations(outer, f)
        made = rewrap(outer, f, g)
        assert made is not None
        calls.clear()
        args = (jnp.ones(2), 3) if not isinstance(outer, functools.partial) else (1.0,)
        made(*args)
        assert calls, outer  # the copy, not the user's function, ran
    custom = jax.custom_jvp(f)
    assert rewrap(custom, f, g).fun is g and custom.fun is f  # the user's object is untouched
    assert not has_transformations(jax.jit(f), f)


def test_a_fix_is_verified_through_jit_of_grad_not_a_plain_jit(tmp_path):
    found = explained("gen-jit-of-grad-calls-numpy", tmp_path)
    assert found.fixes[0].code.endswith("exp(-r)")
    assert found.argument == "r"


def test_a_static_flag_checkpoint_traces_again_gets_checkpoint_static_argnums(tmp_path):
    top = explained("gen-checkpoint-under-jit-retraces-static-flag", tmp_path).fixes[0]
    assert "@partial(jax.checkpoint, static_argnums=(1,))" in top.code
    assert top.code.startswith("@partial(jax.jit, static_argnums=1)")


# --- 4: several compile-time values ---


def test_every_compile_time_value_of_the_expression_becomes_static_together(tmp_path):
    top = explained("gen-eye-with-two-traced-sizes", tmp_path).fixes[0]
    assert "static_argnames=('cols', 'rows')" in top.code
    assert top.recipe.add == ("rows", "cols")


def test_a_tuple_of_python_ints_stays_static_whole_and_kwargs_keys_by_name(tmp_path):
    assert "static_argnames='shape'" in explained("gen-shape-tuple-of-ints", tmp_path).fixes[0].code
    assert "static_argnames='width'" in explained("gen-kwargs-size-by-keyword", tmp_path).fixes[0].code


# --- 5: kinds by cause ---


def test_assert_gets_a_check_that_still_stops_never_a_print(tmp_path):
    found = explained("gen-assert-on-traced-argument", tmp_path)
    assert "jax.debug.print" not in {f.kind for f in found.fixes}
    top = found.fixes[0]
    assert "checkify.check(jnp.all(p > 0), 'probabilities must be positive')" in top.code
    assert "from jax.experimental import checkify" in top.code
    assert any(f.kind == "check-outside" and f.verified is None for f in found.fixes)


def test_explicit_conversions_get_astype_or_array_level_fixes(tmp_path):
    code = """\
import operator
import jax
import jax.numpy as jnp

def pick(x, i):
    return x[operator.index(i)]

def gate(x):
    on = bool(x > 0)
    return jnp.where(on, x, 0.0)
"""
    cell = tmp_path / "conversions.py"
    cell.write_text(code)
    namespace: dict = {}
    exec(compile(code, str(cell), "exec"), namespace)
    for name, args, expected in (("pick", (jnp.arange(3.0), jnp.int32(1)), "i.astype(jnp.int32)"),
                                 ("gate", (jnp.float32(1.0),), "x > 0")):
        with pytest.raises(Exception) as raised:
            jax.jit(namespace[name])(*args)
        top = jaxmagic.explain(raised.value, namespace[name], args).fixes[0]
        assert (top.kind, top.code, top.verified) == ("astype", expected, True)


def test_an_eq_fix_is_written_for_the_class_and_tried_on_a_private_copy(tmp_path):
    case = BY_ID["gen-static-config-eq-returns-array"]
    top = run_case(case, tmp_path).explanation.fixes[0]
    assert "np.array_equal(self.values, other.values)" in top.code
    cell = sys.modules["jaxmagic_corpus_" + case.id.replace("-", "_")]
    compared = cell.Weights([1.0, 2.0]) == cell.Weights([1.0, 2.0])
    assert not isinstance(compared, bool)  # the user's class is as it was: only a private copy got the fix


# --- 6: nested jits ---


def test_an_error_inside_a_jitted_helper_is_fixed_in_the_helpers_names(tmp_path):
    found = explained("gen-jitted-helper-branches-on-a-constant", tmp_path)
    static = [f for f in found.fixes if f.kind == "static"]
    assert len(static) == 1 and static[0].verified is True
    assert static[0].code.startswith("activation = jax.jit(activation.__wrapped__, static_argnames='kind')")
    assert all("layer" not in f.code for f in found.fixes)  # nothing on the outer function
    assert found.fixes[0].code == "return jnp.where(kind == 1, jnp.tanh(x), jax.nn.relu(x))"


def test_a_size_from_an_inner_jit_is_fixed_where_the_helper_is_called(tmp_path):
    found = explained("gen-inner-jit-result-as-size", tmp_path)
    assert found.fixes[0].code == "doubled.__wrapped__(n)"


# --- 7: names through **kwargs and abstract leaves ---


def test_a_shape_dtype_struct_leaf_is_named_by_its_path(tmp_path):
    code = """\
import jax.numpy as jnp

def grid(x, cfg):
    return jnp.zeros(cfg["b"]["c"]) + x
"""
    cell = tmp_path / "abstract.py"
    cell.write_text(code)
    namespace: dict = {}
    exec(compile(code, str(cell), "exec"), namespace)
    args = (1.0, {"b": {"c": jax.ShapeDtypeStruct((), jnp.int32)}})
    with pytest.raises(Exception) as raised:
        jax.jit(namespace["grid"]).trace(*args)
    found = jaxmagic.explain(raised.value, namespace["grid"], args)
    assert (found.argument, found.path) == ("cfg", "cfg['b']['c']")


# --- as %%jittrace cells ---


@pytest.fixture
def cell_shell(_ipython):
    _ipython.run_line_magic("load_ext", "jaxmagic")
    yield _ipython
    _ipython.run_line_magic("unload_ext", "jaxmagic")


@pytest.mark.parametrize("case_id", ["gen-scan-body-stores-on-global-object", "gen-cond-branch-assigns-nonlocal",
                                     "gen-eye-with-two-traced-sizes", "gen-assert-on-traced-argument"])
def test_a_pattern_in_a_jittrace_cell_is_fixed_in_the_cells_lines(cell_shell, case_id):
    case = BY_ID[case_id]
    with contextlib.redirect_stdout(io.StringIO()):
        report = cell_shell.run_cell_magic("jittrace", "--quiet", case.code)
    found = report.error.explanation
    assert (found.kind, found.argument, found.lineno) == (case.kind, case.argument, case.line + 1)
    assert found.fixes[0].kind in case.fixes and found.fixes[0].verified is True


# --- helpers ---


def dataclass_replace(case, **changes):
    import dataclasses

    return dataclasses.replace(case, **changes)
