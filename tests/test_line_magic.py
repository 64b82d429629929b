"""%jittrace EXPR: one call of any function, without redefining it."""
from __future__ import annotations

import pytest
from IPython.core.error import UsageError


def test_plain_function(shell, jax_events):
    shell.run("def f(x, label):\n    return jnp.cos(x) * len(label)")
    report = shell.run("%jittrace f(jnp.ones(3), 'abc')")
    [entry] = report.traces
    assert entry.function == "f" and [str(e.primitive) for e in entry.jaxpr.jaxpr.eqns] == ["cos", "mul"]
    label = next(a for a in entry.arguments if a.path == "label")
    assert label.static and label.type == "'abc'"  # not an array: traced as static
    assert report.has_value and report.value.shape == (3,)
    assert type(shell.ns["f"]).__name__ == "function"  # not redefined
    assert jax_events.traces["f"] == 1 and jax_events.compiles["jit(f)"] == 1


def test_user_jitted_function_with_static_arguments(shell, jax_events):
    shell.run("rep = jax.jit(lambda x, n: jnp.tile(x, n), static_argnames='n')")
    report = shell.run("%jittrace rep(jnp.array([1, 2]), n=3)")
    [entry] = report.traces
    n = next(a for a in entry.arguments if a.path == "n")
    assert n.static and n.type == "3"
    assert entry.outputs[0].type == "ShapedArray(int32[6])"
    assert report.value.tolist() == [1, 2, 1, 2, 1, 2]
    assert jax_events.traces["<lambda>"] == 1
    # The same call again: JAX has it cached, and the report says so without tracing.
    again = shell.run("%jittrace rep(jnp.array([3, 4]), n=3)")
    assert again.traces[0].cached and "cached" in again.text()
    assert jax_events.traces["<lambda>"] == 1 and jax_events.compiles["jit(<lambda>)"] == 1


def test_tracked_function_cached_and_new_signature(shell):
    shell.run("%%jittrace\ndef f(x):\n    return x * 2\nf(jnp.ones(2))")
    cached = shell.run("%jittrace f(jnp.zeros(2))")
    assert cached.traces[0].cached
    fresh = shell.run("%jittrace f(jnp.zeros(5))")
    assert [str(c) for c in fresh.traces[0].changes] == ["x: shape f32[2] \u2192 f32[5]"]


def test_tracing_error_in_a_line_call(shell):
    shell.run("def g(x):\n    return float(x)")
    report = shell.run("%jittrace g(jnp.ones(()))")
    assert report.error.error_type == "ConcretizationTypeError"
    assert report.error.source_line.strip() == "return float(x)"


def test_options_before_the_call_and_quotes_kept(shell):
    shell.run("def f(x, sep):\n    return x * len(sep)")
    report = shell.run("%jittrace --hlo f(jnp.ones(2), 'a b, c')")
    assert report.traces[0].hlo is not None
    assert next(a for a in report.traces[0].arguments if a.path == "sep").type == "'a b, c'"


@pytest.mark.parametrize(
    "line, message",
    [
        ("%jittrace", "needs a call"),
        ("%jittrace 1 + 2", "expects one call"),
        ("%jittrace --static-argnames n rep(jnp.ones(2), n=2)", "already jitted"),
    ],
)
def test_line_misuse(shell, line, message):
    shell.run("rep = jax.jit(lambda x, n: jnp.tile(x, n), static_argnames='n')")
    with pytest.raises(UsageError, match=message):
        shell.run(line)


@pytest.mark.parametrize(
    "line, message",
    [
        ("%jittrace count(2)", "count is a int, not a function to call"),
        ("%jittrace --static-argnames zz f(jnp.ones(2))", "has a parameter named 'zz'"),
        ("%jittrace --static-argnums 3 f(jnp.ones(2))", "--static-argnums 3: out of range"),
    ],
)
def test_line_misuse_of_the_callee(shell, line, message):
    shell.run("count = 3\ndef f(x):\n    return x")
    with pytest.raises(UsageError, match=message):
        shell.run(line)


def test_a_fault_while_building_never_hides_the_users_error(shell, monkeypatch):
    import jax
    from IPython.utils.capture import capture_output

    from jaxmagic._report import trace_call as _calltrace

    def broken(*args, **kwargs):
        raise RuntimeError("simulated jaxmagic fault")

    monkeypatch.setattr(_calltrace, "error_info", broken)
    shell.run("def g(x):\n    return float(x)")
    with capture_output() as captured, pytest.raises(jax.errors.ConcretizationTypeError) as info:
        shell.run("%jittrace g(jnp.ones(()))")
    assert "no report could be built (RuntimeError" in captured.stdout
    assert info.value.__context__ is None
