"""Every example of the seed lesson, run through %%jittrace, does what the lesson says."""
from __future__ import annotations


def test_bad_raises_the_lessons_error_and_the_report_names_it(shell):
    report, captured = shell.run_captured(
        "%%jittrace\n@jax.jit\ndef bad(x):\n    if x.sum() > 0:\n        return x\n    return -x\n\n"
        "try:\n    bad(jnp.ones(3))\nexcept jax.errors.TracerBoolConversionError:\n    print('TracerBoolConversionError')"
    )
    assert captured.printed == "TracerBoolConversionError\n"
    [entry] = report.traces
    assert entry.error.error_type == "TracerBoolConversionError" and entry.error.lineno == 4


def test_good_prints_ones(shell):
    report, captured = shell.run_captured(
        "%%jittrace\n@jax.jit\ndef good(x):\n    return jnp.where(x.sum() > 0, x, -x)\nprint(good(jnp.ones(3)))"
    )
    assert captured.printed == "[1. 1. 1.]\n"
    assert "select_n" in report.traces[0].jaxpr_text


def test_rep_with_static_n(shell):
    report, captured = shell.run_captured(
        "%%jittrace\nrep = jax.jit(lambda x, n: jnp.tile(x, n), static_argnames=\"n\")\n"
        "print(rep(jnp.array([1, 2]), n=3))"
    )
    assert captured.printed == "[1 2 1 2 1 2]\n"
    assert report.traces[0].function == "rep"  # the lambda is named by its variable
    args = {a.path: a for a in report.traces[0].arguments}
    assert args["n"].static and args["n"].type == "3"
    assert args["x"].type == "ShapedArray(int32[2])"


def test_shape_is_static(shell):
    report, captured = shell.run_captured("%%jittrace\nprint(jax.jit(lambda x: x.shape[0] * 2)(jnp.ones((5, 2))))")
    assert captured.printed == "10\n"
    [entry] = report.traces
    assert entry.jaxpr.jaxpr.eqns == []  # no multiply: Python computed 10 while tracing
    assert entry.jaxpr_text.endswith("in (10:i32[],) }")
