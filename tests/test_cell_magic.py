"""%%jittrace: rebinding, the user's own jax.jit decorators, options, misuse."""
from __future__ import annotations

import pytest
from IPython.core.error import UsageError

from jaxmagic import TraceReport
from jaxmagic._tracking.tracked import tracked_of


def test_cell_functions_become_tracked_jits_and_stay_bound(shell):
    report = shell.run("%%jittrace\ndef f(x):\n    return jnp.sin(x) * 2\nf(jnp.ones(3))")
    assert isinstance(report, TraceReport)
    f = shell.ns["f"]
    assert type(f).__name__ == "PjitFunction"
    tracked = tracked_of(f)
    assert tracked is not None and tracked.name == "f"
    [entry] = report.traces
    assert entry.function == "f"
    assert [str(e.primitive) for e in entry.jaxpr.jaxpr.eqns] == ["sin", "mul"]
    # Later cells call the same jitted, tracked object.
    shell.run("f(jnp.ones(4))")
    assert tracked.traces == 2


@pytest.mark.parametrize(
    "decorator",
    [
        "@jax.jit(static_argnames='n')",
        "@functools.partial(jax.jit, static_argnums=1)",
        "@functools.partial(jax.jit, static_argnames=('n',))",
    ],
)
def test_user_jit_decorators_keep_their_static_arguments(shell, decorator):
    report = shell.run(f"%%jittrace\n{decorator}\ndef rep(x, n):\n    return jnp.tile(x, n)\nrep(jnp.array([1, 2]), 3)")
    tracked = tracked_of(shell.ns["rep"])
    assert tracked.static_argnums == (1,) and tracked.static_argnames == ("n",)
    [entry] = report.traces
    n = next(a for a in entry.arguments if a.path == "n")
    assert n.static and n.type == "3"
    assert entry.outputs[0].type == "ShapedArray(int32[6])"
    _assert_not_jitted_twice(entry)


def _assert_not_jitted_twice(entry):
    """The jaxpr holds the function's own operations, not a nested jit of the same function."""
    nested = [e for e in entry.jaxpr.jaxpr.eqns if e.params.get("name") == entry.function]
    assert entry.jaxpr.jaxpr.eqns and not nested


def test_plain_jax_jit_decorator_is_not_jitted_twice(shell):
    report = shell.run("%%jittrace\n@jax.jit\ndef f(x):\n    return x + 1\nf(jnp.ones(2))")
    assert [str(e.primitive) for e in report.traces[0].jaxpr.jaxpr.eqns] == ["add"]
    assert len(report.traces) == 1
    _assert_not_jitted_twice(report.traces[0])


def test_from_jax_import_jit_is_tracked(shell):
    shell.run("from jax import jit")
    report = shell.run("%%jittrace\n@jit\ndef f(x):\n    return x * 3\nf(jnp.ones(2))")
    assert tracked_of(shell.ns["f"]) is not None
    assert [t.function for t in report.traces] == ["f"]


def test_static_options_apply_by_name_and_position(shell):
    report = shell.run(
        "%%jittrace --static-argnames n\ndef rep(x, n):\n    return jnp.tile(x, n)\nrep(jnp.array([1, 2]), n=3)"
    )
    assert tracked_of(shell.ns["rep"]).static_argnames == ("n",)
    assert report.traces[0].outputs[0].type == "ShapedArray(int32[6])"
    report = shell.run("%%jittrace --static-argnums 1\ndef zeros(x, k):\n    return jnp.zeros(k) + x\nzeros(1.0, 4)")
    assert tracked_of(shell.ns["zeros"]).static_argnums == (1,)
    assert report.traces[0].outputs[0].type.startswith("ShapedArray(float32[4]")


def test_static_option_only_applies_to_functions_that_have_it(shell):
    shell.run(
        "%%jittrace --static-argnames n\n"
        "def helper(x):\n    return x * 2\n"
        "def rep(x, n):\n    return jnp.tile(helper(x), n)\n"
        "rep(jnp.ones(2), n=2)"
    )
    assert tracked_of(shell.ns["helper"]).static_argnames == ()
    assert tracked_of(shell.ns["rep"]).static_argnames == ("n",)


def test_trailing_expression_still_shows(shell):
    report, captured = shell.run_captured("%%jittrace\ndef f(x):\n    return x + 1\nf(jnp.arange(3))")
    shown = [o.data["text/plain"] for o in captured.outputs]
    assert shown == ["Array([1, 2, 3], dtype=int32)"]
    assert isinstance(report, TraceReport)
    _, captured = shell.run_captured("%%jittrace\ndef f(x):\n    return x + 1\nf(jnp.arange(3));")
    assert captured.outputs == []


def test_cell_line_magics_still_work_inside(shell):
    report = shell.run("%%jittrace\nimport math\ndef f(x):\n    return x * math.pi\n%time y = f(jnp.ones(2))\ny")
    assert len(report.traces) == 1
    assert shell.ns["y"].shape == (2,)


@pytest.mark.parametrize(
    "cell, message",
    [
        ("%%jittrace\nx = 1 + 2", "defines no function"),
        ("%%jittrace --static-argnames m\ndef f(x, n):\n    return x", "no function that %%jittrace jits has a parameter named 'm'"),
        ("%%jittrace --static-argnums 2\ndef f(x, n):\n    return x", "--static-argnums 2: out of range"),
        ("%%jittrace --static-argnums one\ndef f(x, n):\n    return x", "'one' is not an integer"),
        ("%%jittrace --static-argnames 'a b'\ndef f(x):\n    return x", "is not a parameter name"),
        ("%%jittrace --bogus\ndef f(x):\n    return x", "unrecognized arguments: --bogus"),
    ],
)
def test_misuse_is_a_usage_error_naming_the_problem(shell, cell, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace("%", "%")):
        shell.run(cell)


def test_static_name_of_a_user_jitted_function_points_at_its_decorator(shell):
    with pytest.raises(UsageError, match="g already has its own jax.jit"):
        shell.run("%%jittrace --static-argnames n\n@jax.jit\ndef g(x, n):\n    return x\ndef f(x):\n    return x")


def test_syntax_error_is_shown_as_python_shows_it_and_fails_the_cell(shell, capsys):
    with pytest.raises(SyntaxError) as info:
        shell.run("%%jittrace\ndef f(x):\n    return (x + 1\n")
    printed = capsys.readouterr()
    text = printed.out + printed.err
    assert "SyntaxError" in text and "was never closed" in text
    assert "jaxmagic" not in text  # no frames of ours
    assert info.value.lineno == 3  # the cell's own line number (line 1 is %%jittrace)


def test_cell_calling_an_earlier_tracked_function_is_allowed(shell):
    shell.run("%%jittrace\ndef f(x):\n    return x + 1\nf(jnp.ones(2))")
    report = shell.run("%%jittrace\nf(jnp.ones(5))")
    [entry] = report.traces
    assert [str(c) for c in entry.changes] == ["x: shape f32[2] \u2192 f32[5]"]


def test_help_describes_the_options(shell):
    doc = shell.ip.find_cell_magic("jittrace").__doc__
    for option in ("--static-argnames", "--static-argnums", "--hlo", "--raise", "--quiet"):
        assert option in doc


def test_a_decorator_defined_in_the_cell_is_not_jitted(shell):
    report = shell.run(
        "%%jittrace\n"
        "def doubled(fn):\n    return lambda x: fn(x) * 2\n"
        "@doubled\ndef f(x):\n    return x + 1\n"
        "f(jnp.ones(2))"
    )
    assert type(shell.ns["doubled"]).__name__ == "function"
    assert tracked_of(shell.ns["f"]) is not None
    assert [t.function for t in report.traces] == ["f"]


def test_async_only_cell_says_why_nothing_is_jitted(shell):
    with pytest.raises(UsageError, match="async function, and jax.jit cannot trace async functions"):
        shell.run("%%jittrace\nasync def f(x):\n    return x")


def test_non_array_argument_is_caught_as_a_tracing_error(shell):
    report = shell.run("%%jittrace\ndef h(path):\n    return len(path)\nh('data.csv')")
    assert report.error.kind == "non-array-argument"
    assert report.error.location == "cell line 4"
    report = shell.run(
        "%%jittrace\nclass Model:\n    @jax.jit\n    def apply(self, x):\n        return x * 2\nModel().apply(jnp.ones(2))"
    )
    assert report.error.kind == "non-array-argument" and report.error.location == "cell line 6"


def test_a_function_jitted_under_another_name_gets_a_full_report(shell):
    shell.run("plain_jit = jax.jit")  # a jit reference jaxmagic cannot recognise by name
    report = shell.run("%%jittrace\n@plain_jit\ndef f(x):\n    return x * 2\nf(jnp.ones(2))\nf(jnp.ones(3))")
    assert [t.function for t in report.traces] == ["f", "f"]
    first, second = report.traces
    assert [a.path for a in first.arguments] == ["x"] and first.arguments[0].short == "f32[2]"
    assert [str(c) for c in second.changes] == ["x: shape f32[2] \u2192 f32[3]"]
    assert "mul" in str(first.jaxpr) and first.cost.get("flops") == 2.0
    assert not any("cannot see" in n for n in report.notes)