"""Errors in %%jittrace cells: tracing errors are caught and shown, everything else propagates."""
from __future__ import annotations

import pytest
from IPython.utils.capture import capture_output

BAD = "%%jittrace{opts}\ndef bad(x):\n    if x.sum() > 0:\n        return x\n    return -x\n\nbad(jnp.ones(3))\n"


def test_tracing_error_is_caught_and_shown_with_type_message_and_cell_line(shell):
    report = shell.run(BAD.format(opts=""))
    error = report.error
    assert error.error_type == "TracerBoolConversionError"
    assert error.kind == "bool-conversion"
    assert error.function == "bad"
    assert error.location == "cell line 3" and error.lineno == 3
    assert error.source_line.strip() == "if x.sum() > 0:"
    assert "Attempted boolean conversion" in error.message
    text = report.text()
    assert "jittrace: 1 trace of bad, failed: TracerBoolConversionError" in text  # the title says it failed
    assert "The cell stopped: Python needed True or False from a traced value \u2014 TracerBoolConversionError " \
           "while tracing bad" in text  # the problem in words, then JAX's name for it
    assert "at cell line 3: if x.sum() > 0:" in text
    assert "--> 3     if x.sum() > 0:" in text
    assert "never its values" in text
    assert "if x.sum() &gt; 0:" in report.html()
    [entry] = report.traces
    assert entry.error is not None and entry.error.exception is error.exception


def test_raise_option_reraises_the_original_exception_after_showing_it(shell):
    import jax

    from jaxmagic import last_report

    with capture_output() as captured, pytest.raises(jax.errors.TracerBoolConversionError) as info:
        shell.run(BAD.format(opts=" --raise"))
    assert last_report().error.exception is info.value  # the very same object, not a copy
    shown = [o.data["text/plain"] for o in captured.outputs]
    assert any("TracerBoolConversionError" in s and "at cell line 3" in s for s in shown)


def test_other_exceptions_propagate_unchanged(shell):
    shell.run("class Boom(Exception):\n    pass")
    with pytest.raises(Exception) as info:
        shell.run("%%jittrace\ndef f(x):\n    raise Boom('inside f')\nf(jnp.ones(2))")
    assert type(info.value).__name__ == "Boom" and str(info.value) == "inside f"
    frames = []
    tb = info.value.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    assert ("f", 3) in frames  # the user's own line is still in the traceback


def test_error_outside_any_trace_propagates(shell):
    with pytest.raises(ZeroDivisionError):
        shell.run("%%jittrace\ndef f(x):\n    return x\n1 / 0")


def test_error_in_a_helper_from_an_earlier_cell_points_at_this_cells_line(shell):
    shell.run("def helper(x):\n    return int(x)")
    report = shell.run("%%jittrace\ndef f(x):\n    y = helper(x)\n    return y\nf(jnp.ones(()))")
    assert report.error.error_type == "ConcretizationTypeError"
    assert report.error.location == "cell line 3"


def test_unhashable_static_argument_is_caught(shell):
    report = shell.run(
        "%%jittrace --static-argnames shape\ndef f(x, shape):\n    return x.reshape(shape)\nf(jnp.ones(4), shape=[2, 2])"
    )
    assert report.error.kind == "unhashable-static"
    assert report.error.location == "cell line 4"
    assert report.traces == []


def test_errors_caught_by_the_user_still_show_as_failed_traces(shell):
    report = shell.run(
        "%%jittrace\ndef f(n):\n    return jnp.zeros(n)\ntry:\n    f(3)\nexcept TypeError as e:\n    caught = e"
    )
    assert report.error is None
    [entry] = report.traces
    assert entry.error.kind == "traced-shape" and entry.error.location == "cell line 3"
    assert entry.error.exception is shell.ns["caught"]


def test_a_fault_while_building_the_report_never_hides_the_users_error(shell, monkeypatch):
    import jax

    from jaxmagic._report import trace_cell as _magic

    def broken(*args, **kwargs):
        raise RuntimeError("simulated jaxmagic fault")

    monkeypatch.setattr(_magic, "report_from_collector", broken)
    with capture_output() as captured, pytest.raises(jax.errors.TracerBoolConversionError) as info:
        shell.run(BAD.format(opts=""))
    assert "no report could be built" in captured.stdout and "RuntimeError" in captured.stdout
    assert info.value.__context__ is None and info.value.__cause__ is None  # not chained to our fault
    report = shell.run("%%jittrace\ndef ok(x):\n    return x\nok(1.0)")
    assert "could not build this report: RuntimeError" in report.text()
