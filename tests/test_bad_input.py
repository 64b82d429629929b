"""Bad input to the magics: a clear one-line UsageError, or Python's own error, never a jaxmagic traceback."""
from __future__ import annotations

import os

import pytest
from IPython.core.error import UsageError
from IPython.utils.capture import capture_output

import jaxmagic

JAXMAGIC_DIR = os.path.dirname(os.path.abspath(jaxmagic.__file__))


def _run(shell, cell: str):
    with capture_output() as captured:
        result = shell.ip.run_cell(cell, store_history=True)
    error = result.error_before_exec or result.error_in_exec
    shown = captured.stdout + captured.stderr
    assert JAXMAGIC_DIR not in shown, f"a jaxmagic frame was shown:\n{shown}"
    return error, shown


@pytest.mark.parametrize(
    "cell",
    [
        "%%jittrace --bogus\ndef f(x):\n    return x",
        "%%jittrace --static-argnums 0,,1\ndef f(x, n):\n    return x",
        "%%jittrace --static-argnums=-7\ndef f(x, n):\n    return x",
        "%%jittrace --static-argnames ,\ndef f(x, n):\n    return x",
        "%%jittrace --static-argnames 1x\ndef f(x, n):\n    return x",
        "%%jittrace --static-argnames n --static-argnames\ndef f(x, n):\n    return x",
        "%%jittrace\nx = 1 + 2",
        "%%jittrace\n",
        "%jittrace",
        "%jittrace --hlo",
        "%jittrace 3",
        "%jittrace_explain maybe",
        "%jittrace_assert",
        "%jittrace_assert f --max-compiles many",
        "%jittrace_assert nothing_like_it --max-compiles 1",
        "%jittrace_panel --colour red",
    ],
)
def test_misuse_is_one_line_naming_the_problem(shell, cell):
    shell.run("def f(x, n=1):\n    return x")
    error, shown = _run(shell, cell)
    assert isinstance(error, UsageError), f"{cell!r}: {error!r}\n{shown}"
    message = str(error)
    assert message and "\n" not in message.strip(), f"{cell!r}: a message of several lines: {message!r}"
    assert "Traceback" not in shown


@pytest.mark.parametrize(
    "cell, error_type",
    [
        ("%%jittrace\ndef f(x):\n    return x +\nf(1.0)", SyntaxError),
        ("%%jittrace\ndef f(x):\n  return x\n    return 1", IndentationError),
        ("%jittrace f(1.0", SyntaxError),
        ("%jittrace not_defined_anywhere(1)", NameError),
    ],
)
def test_a_syntax_error_is_pythons_own(shell, cell, error_type):
    error, shown = _run(shell, cell)
    assert isinstance(error, error_type) or error_type.__name__ in shown, shown


def test_a_function_whose_source_cannot_be_read_still_gets_its_report(shell):
    shell.run("namespace = {'jnp': jnp}\nexec('def hidden(x):\\n    return jnp.sin(x) * 2', namespace)\n"
              "hidden = namespace['hidden']")
    error, shown = _run(shell, "%jittrace hidden(jnp.ones(3))")
    assert error is None, shown
    report = jaxmagic.last_report()
    assert len(report.traces) == 1 and "sin" in report.text()
    error, shown = _run(shell, "%jittrace jnp.sin(jnp.ones(2))")  # a library function: no source of ours
    assert error is None and len(jaxmagic.last_report().traces) == 1


def test_a_huge_cell_is_traced(shell):
    body = "".join(f"    x = x + {i}\n" for i in range(5_000))
    cell = "%%jittrace --quiet\ndef huge(x):\n" + body + "    return x\nhuge(jnp.ones(2))"
    error, shown = _run(shell, cell)
    assert error is None, shown
    report = jaxmagic.last_report()
    assert len(report.traces[0].jaxpr.jaxpr.eqns) == 5_000
    assert len(report.html()) < 2_000_000 and "huge" in report.text()
    assert "more equations from 4,7" in report.text()  # the middle of the listing is summed up, not listed


def test_explain_given_an_object_that_answers_every_attribute_still_returns():
    from unittest import mock

    import jax
    import jax.numpy as jnp

    try:
        jax.jit(lambda x: x if x.sum() > 0 else -x)(jnp.ones(3))
    except Exception as caught:  # noqa: BLE001 - the tracing error to explain
        exc = caught
    found = jaxmagic.explain(exc, mock.Mock(), (jnp.ones(3),))  # a Mock has `func`, `_fun`, `__wrapped__`...
    assert found is not None and found.kind == "bool-conversion" and found.exception is exc
