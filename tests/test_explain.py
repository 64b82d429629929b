"""jaxmagic.explain as an API: what it returns, what it leaves alone, and how it fails safely."""
from __future__ import annotations

import linecache

import jax
import jax.numpy as jnp
import pytest

import jaxmagic
from jaxmagic._explain import explain as _explain
from jaxmagic._explain.fixes import site as _fixes
from corpus_harness import as_in_a_kernel


@pytest.fixture(autouse=True)
def _as_in_a_kernel():
    """JAX's traceback filtering as under IPython, whether or not an earlier test left a shell behind: in a
    script JAX drops its own frames, and the value a shape was made from is read there."""
    with as_in_a_kernel():
        yield


def _define(source: str, name: str, filename: str) -> dict:
    """Define functions from ``source`` the way a cell does: with their text in linecache."""
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {"jax": jax, "jnp": jnp}
    exec(compile(source, filename, "exec"), namespace)
    return namespace


def _error(fn, *args, **kwargs) -> BaseException:
    with pytest.raises(Exception) as info:
        fn(*args, **kwargs)
    return info.value


BAD = "def bad(x):\n    if x.sum() > 0:\n        return x\n    return -x\n"


@pytest.mark.parametrize(
    "make",
    [lambda: ZeroDivisionError("x"), lambda: TypeError("unsupported operand"), lambda: KeyError("b")],
)
def test_errors_unrelated_to_tracing_give_none(make):
    assert jaxmagic.explain(make()) is None


def test_lesson_bad_gets_jnp_where_first_verified_and_teaches_why():
    ns = _define(BAD, "bad", "/jaxmagic-tests/bad.py")
    exc = _error(jax.jit(ns["bad"]), jnp.ones(3))
    found = jaxmagic.explain(exc, ns["bad"], (jnp.ones(3),))
    assert isinstance(found, jaxmagic.Explanation)
    assert (found.kind, found.argument, found.path, found.lineno) == ("bool-conversion", "x", "x", 2)
    assert found.source_line.strip() == "if x.sum() > 0:"
    assert found.fixes[0].kind == "jnp.where"
    assert found.fixes[0].code == "return jnp.where(x.sum() > 0, x, -x)"
    assert found.fixes[0].verified is True
    assert [f.kind for f in found.fixes] == ["jnp.where", "lax.cond"]  # x is an array: never static
    assert found.message.splitlines()[2].strip() == found.why and "float32[3]" in found.why and "never" in found.why
    assert "1. jnp.where" in found.message and "2. lax.cond" in found.message
    assert found.docs.endswith("#jax.errors.TracerBoolConversionError")


def test_from_the_exception_alone_argument_and_line_without_verification():
    ns = _define(BAD, "bad", "/jaxmagic-tests/bad_alone.py")
    exc = _error(jax.jit(ns["bad"]), jnp.ones(3))
    found = jaxmagic.explain(exc)
    assert (found.argument, found.lineno) == ("x", 2)
    assert found.fixes[0].kind == "jnp.where" and all(f.verified is None for f in found.fixes)


def test_user_function_namespace_and_jax_cache_are_left_untouched(jax_events):
    src = "def grow(x, n):\n    return jnp.zeros(n) + x\n"
    ns = _define(src, "grow", "/jaxmagic-tests/grow.py")
    jitted = jax.jit(ns["grow"])
    exc = _error(jitted, 1.0, 3)
    before_ns, before_code = dict(ns), ns["grow"].__code__
    before_cache = jitted._cache_size()
    jax_events.clear()
    found = jaxmagic.explain(exc, jitted, (1.0, 3))
    assert found.fixes[0].kind == "static" and found.fixes[0].verified is True
    assert ns == before_ns and ns["grow"].__code__ is before_code
    assert "jnp" in ns and "lax" not in ns  # the probe's own imports went to a copy
    assert jitted._cache_size() == before_cache
    # the probes are traces of private copies, reported under their own name
    assert jax_events.traces["grow"] == 0 and jax_events.compiles["jit(grow)"] == 0
    assert jax_events.traces["grow__jaxmagic_probe"] >= 1


def test_static_never_offered_for_a_size_computed_from_array_data():
    ns = _define("def ones_like_total(x):\n    return jnp.ones(x.sum())\n", "f", "/jaxmagic-tests/total.py")
    exc = _error(jax.jit(ns["ones_like_total"]), jnp.array([1, 2]))
    found = jaxmagic.explain(exc, ns["ones_like_total"], (jnp.array([1, 2]),))
    assert found.argument == "x"
    assert "static" not in [f.kind for f in found.fixes]
    assert "static_argnums" in str(exc)  # JAX's own message suggests it, wrongly


def test_static_for_a_step_counter_comes_with_a_warning():
    src = "def decay(lr, step):\n    for _ in range(step):\n        lr = lr * 0.9\n    return lr\n"
    ns = _define(src, "decay", "/jaxmagic-tests/decay.py")
    exc = _error(jax.jit(ns["decay"]), 1.0, 5)
    found = jaxmagic.explain(exc, ns["decay"], (1.0, 5))
    kinds = [f.kind for f in found.fixes]
    assert kinds == ["lax.fori_loop", "static"]
    assert all(f.verified for f in found.fixes)
    assert "step counter" in found.fixes[1].warning and found.fixes[0].warning is None


def test_checking_leaks_exception_is_a_leak_with_the_storing_line():
    src = "stash = []\ndef keep(x):\n    y = x * 2\n    stash.append(y)\n    return x\n"
    ns = _define(src, "keep", "/jaxmagic-tests/keep.py")
    with jax.checking_leaks():
        exc = _error(jax.jit(ns["keep"]), 1.0)
    assert type(exc) is Exception
    found = jaxmagic.explain(exc, ns["keep"], (1.0,))
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "x", 4)
    assert found.fixes[0].kind == "return-value" and "y" in found.fixes[0].code


def test_an_engine_fault_still_explains_the_kind_and_keeps_the_exception(monkeypatch):
    ns = _define(BAD, "bad", "/jaxmagic-tests/bad_fault.py")
    exc = _error(jax.jit(ns["bad"]), jnp.ones(3))

    def broken(site):
        raise RuntimeError("engine fault")

    from jaxmagic._explain.stages import offer as _offer

    monkeypatch.setattr(_offer, "propose", broken)
    found = jaxmagic.explain(exc, ns["bad"], (jnp.ones(3),))
    assert found is not None and found.exception is exc and found.kind == "bool-conversion"
    assert "found no further explanation" in found.message and "RuntimeError" in found.message


def test_jittrace_fault_shows_the_original_error_and_says_no_explanation(shell, monkeypatch):
    from jaxmagic._explain import explain as _explain

    monkeypatch.setattr(_explain, "explain", lambda *a, **k: 1 / 0)
    monkeypatch.setattr(_explain, "explained", lambda *a, **k: 1 / 0)  # what reports and the hook call
    report = shell.run("%%jittrace\ndef bad(x):\n    if x.sum() > 0:\n        return x\n    return -x\nbad(jnp.ones(3))")
    assert report.error.explanation is None
    assert isinstance(report.error.exception, jax.errors.TracerBoolConversionError)
    text = report.text()
    assert "jaxmagic found no explanation for this error." in text
    assert "Attempted boolean conversion" in text  # JAX's own message, as without jaxmagic


def test_html_of_an_explanation_escapes_the_users_code():
    src = "def pick(x):\n    if x.sum() < 0 and x.max() > -1:\n        return x\n    return -x\n"
    ns = _define(src, "pick", "/jaxmagic-tests/pick.py")
    exc = _error(jax.jit(ns["pick"]), jnp.ones(3))
    found = jaxmagic.explain(exc, ns["pick"], (jnp.ones(3),))
    assert found.fixes[0].kinds == ("jnp.where", "logical-op")
    assert "(x.sum() < 0) & (x.max() > -1)" in found.fixes[0].code
    html = found._repr_html_()
    assert "x.sum() &lt; 0" in html and "x.sum() < 0" not in html
    assert '<a class="jm-r-link" href="https://docs.jax.dev/' in html


def test_fixes_keep_the_preferred_order_array_then_lax_then_static():
    order = {"jnp.where": 0, "logical-op": 0, "jnp-not-builtin": 0, "lax.cond": 1, "lax.while_loop": 1,
             "lax.fori_loop": 1, "static": 2}
    src = "def loop(x, n):\n    i = 0\n    while i < n:\n        x = x + 1\n        i = i + 1\n    return x\n"
    ns = _define(src, "loop", "/jaxmagic-tests/loop.py")
    exc = _error(jax.jit(ns["loop"]), 1.0, 3)
    found = jaxmagic.explain(exc, ns["loop"], (1.0, 3))
    ranks = [order[f.kind] for f in found.fixes]
    assert ranks == sorted(ranks) and found.fixes[0].kind == "lax.while_loop" and found.fixes[0].verified
    assert _fixes.looks_like_counter("step") and not _fixes.looks_like_counter("x")


def test_nodes_marked_by_other_tools_are_not_copied_along():
    """IPython's traceback formatter sets ``parent`` on nodes, even the parser's shared ``Load``."""
    import ast

    class Uncopyable:
        def __deepcopy__(self, memo):
            raise AssertionError("a foreign attribute was deep-copied")

    shared = ast.parse("x").body[0].value.ctx
    shared.parent = Uncopyable()
    try:
        ns = _define(BAD, "bad", "/jaxmagic-tests/bad_marked.py")
        exc = _error(jax.jit(ns["bad"]), jnp.ones(3))
        found = jaxmagic.explain(exc, ns["bad"], (jnp.ones(3),))
        assert [f.verified for f in found.fixes] == [True, True]
    finally:
        del shared.parent


def test_a_tracer_used_as_a_dict_key_is_a_concretization_error_with_its_argument():
    src = "RATES = {0: 0.1, 1: 0.01}\ndef rate(x, phase):\n    return x * RATES[phase]\n"
    ns = _define(src, "rate", "/jaxmagic-tests/rate.py")
    exc = _error(jax.jit(ns["rate"]), 1.0, 1)
    assert "unhashable type" in str(exc)
    found = jaxmagic.explain(exc, ns["rate"], (1.0, 1))
    assert (found.kind, found.argument, found.lineno) == ("concretization", "phase", 3)
    assert found.fixes[-1].kind == "static" and found.fixes[-1].verified is True


def test_probe_traces_print_nothing_of_their_own(capsys):
    src = "def noisy(x):\n    print('tracing noisy')\n    if x.sum() > 0:\n        return x\n    return -x\n"
    ns = _define(src, "noisy", "/jaxmagic-tests/noisy.py")
    exc = _error(jax.jit(ns["noisy"]), jnp.ones(3))
    assert capsys.readouterr().out == "tracing noisy\n"  # the user's own trace
    found = jaxmagic.explain(exc, ns["noisy"], (jnp.ones(3),))
    assert found.fixes[0].verified is True
    assert capsys.readouterr().out == ""  # two probes ran; neither printed


@pytest.mark.parametrize(
    "body, fixed",
    [
        ("jax.tree_util.tree_map(np.sin, x)", "jax.tree_util.tree_map(jnp.sin, x)"),
        ("jnp.piecewise(x, [x < 0], [np.cos, np.sin])", "jnp.piecewise(x, [x < 0], [jnp.cos, jnp.sin])"),
    ],
)
def test_numpy_functions_passed_to_jax_get_their_jnp_twins(body, fixed):
    import numpy as np

    ns = _define(f"def f(x):\n    return {body}\n", "f", f"/jaxmagic-tests/np_{len(body)}.py")
    ns["np"] = np
    exc = _error(jax.jit(ns["f"]), jnp.ones(3))
    found = jaxmagic.explain(exc, ns["f"], (jnp.ones(3),))
    assert (found.kind, found.argument) == ("array-conversion", "x")
    assert [(f.kind, f.code, f.verified) for f in found.fixes] == [("jnp-not-np", fixed, True)]


def test_an_exception_without_its_traceback_still_gets_line_and_fixes():
    ns = _define(BAD, "bad", "/jaxmagic-tests/bad_bare.py")
    exc = _error(jax.jit(ns["bad"]), jnp.ones(3)).with_traceback(None)
    found = jaxmagic.explain(exc, ns["bad"], (jnp.ones(3),))
    assert (found.argument, found.lineno) == ("x", 2)
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True


def test_code_under_a_pseudo_file_name_gets_its_line_and_verified_fixes():
    # some front ends and exec-based tools register a cell in linecache as "<cell-7>" (issue 15.10a)
    ns = _define(BAD, "bad", "<exec-cell-7>")
    exc = _error(jax.jit(ns["bad"]), jnp.ones(3))
    found = jaxmagic.explain(exc, ns["bad"], (jnp.ones(3),))
    assert (found.filename, found.lineno, found.source_line.strip()) == ("<exec-cell-7>", 2, "if x.sum() > 0:")
    assert found.fixes[0].code == "return jnp.where(x.sum() > 0, x, -x)" and found.fixes[0].verified is True


@pytest.mark.parametrize("source, kind, code", [
    # a NumPy function on a tracer (issue 15.10d)
    ("def f(x):\n    return np.exp(x) + 1\n", "jnp-not-np", "jnp.exp(x)"),
    # a jnp array where JAX needs a Python int: an axis, a shape
    ("def f(x):\n    ax = jnp.array(0)\n    return jnp.sum(x, axis=ax)\n", "numpy-for-static", "ax = np.array(0)"),
    ("def f(x):\n    shape = jnp.array([2, 3])\n    return x.reshape(shape)\n", "numpy-for-static",
     "shape = np.array([2, 3])"),
])
def test_numpy_and_jnp_in_the_wrong_place_get_their_fix_verified(source, kind, code):
    filename = f"/jaxmagic-tests/wrong_place_{abs(hash(source))}.py"
    ns = _define("import numpy as np\n" + source, "f", filename)
    x = jnp.ones((6,)) if "reshape" in source else jnp.ones((3, 2))
    exc = _error(jax.jit(ns["f"]), x)
    found = jaxmagic.explain(exc, ns["f"], (x,))
    assert found.fixes and found.fixes[0].kind == kind, found.text()
    assert found.fixes[0].code == code and found.fixes[0].verified is True


def test_generated_pseudo_files_are_not_the_users_code():
    from jaxmagic._common.errors import is_user_file

    linecache.cache["<attrs generated methods demo.Pair>"] = (1, None, ["x\n"], "<attrs generated methods demo.Pair>")
    linecache.cache["<cell-12>"] = (1, None, ["x\n"], "<cell-12>")
    assert not is_user_file("<attrs generated methods demo.Pair>") and not is_user_file("<lambdifygenerated-3>")
    assert is_user_file("<cell-12>") and not is_user_file("<frozen importlib._bootstrap>")


def test_static_fixes_keep_the_users_other_parameters_and_a_signature_split_over_lines():
    source = "@jax.jit\ndef pick(x,\n         i): return x[: i]\n"
    ns = _define(source, "pick", "/jaxmagic-tests/split_signature.py")
    exc = _error(ns["pick"], jnp.ones(4), 2)
    found = jaxmagic.explain(exc, ns["pick"], (jnp.ones(4), 2))
    static = next(f for f in found.fixes if f.kind == "static")
    assert "def pick(x, i):" in static.code and "from functools import partial" in static.code

    source = "def f(x, cfg):\n    return jnp.zeros(cfg['x']) + x.sum()\n"
    ns = _define(source, "f", "/jaxmagic-tests/leaf_named_like_a_parameter.py")
    exc = _error(jax.jit(ns["f"]), jnp.ones(2), {"x": 3})
    found = jaxmagic.explain(exc, ns["f"], (jnp.ones(2), {"x": 3}))
    codes = [f.code for f in found.fixes if f.kind == "static"]
    assert codes and "def f(x, cfg, *, cfg_x):" in codes[0] and "static_argnames='cfg_x'" in codes[0], codes


def test_the_why_names_what_traced_the_function():
    # a scan body at the top level is traced by scan, with no jit at all; JAX's message says which
    # ("... while tracing the function step at ... for scan"), and the lesson's words follow it
    def step(total, x):
        return total + float(x), None

    with pytest.raises(Exception) as raised:
        jax.lax.scan(step, 0.0, jnp.ones(3))
    found = jaxmagic.explain(raised.value)
    assert found.why.startswith("Under `lax.scan`, `x` is a tracer that knows only its shape and dtype")

    @jax.jit
    def f(x):
        return float(x)

    with pytest.raises(Exception) as raised:
        f(1.0)
    assert jaxmagic.explain(raised.value, f, (1.0,)).why.startswith("Under jit, `x` is a tracer")
