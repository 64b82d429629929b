"""No extra work: a %%jittrace cell and later plain calls cost one trace and one compile per signature."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "define, call",
    [
        ("def f(x):\n    return jnp.sin(x) + 1", "f(jnp.ones(3))"),
        ("def f(x, n):\n    return jnp.tile(x, n)", "f(jnp.ones(3), n=2)"),
        ("def f(p):\n    return p['w'] @ p['b']", "f({'w': jnp.ones((2, 2)), 'b': jnp.ones(2)})"),
        ("def f(x, s):\n    return x * s", "f(jnp.ones(2), 0.5)"),
        ("def f(x):\n    return x.sum()", "f(jax.device_put(jnp.ones(4), jax.devices()[0]))"),
    ],
    ids=["array", "static", "pytree", "weak-scalar", "committed"],
)
def test_cell_then_plain_call_is_one_trace_and_one_compile(shell, jax_events, define, call):
    opts = " --static-argnames n" if "n)" in define else ""
    report = shell.run(f"%%jittrace{opts}\n{define}\n{call}")
    assert report.traces[0].jaxpr is not None and report.traces[0].bytes_accessed is not None
    shell.run(call)
    shell.run(call)
    assert jax_events.traces["f"] == 1
    assert jax_events.compiles["jit(f)"] == 1


def test_showing_the_report_does_not_trace_again(shell, jax_events):
    report = shell.run("%%jittrace --hlo\ndef f(x):\n    return x * 2\nf(jnp.ones(3))\nf(jnp.ones(4))")
    before = (jax_events.traces["f"], jax_events.compiles["jit(f)"])
    report.text(), report.html(), repr(report)
    assert before == (2, 2)
    assert (jax_events.traces["f"], jax_events.compiles["jit(f)"]) == before
    assert report.notes == []  # jaxmagic never had to trace again to build it


def test_tracked_counts_match_jax_events(shell, jax_events):
    shell.run("%%jittrace --static-argnames n\ndef f(x, n):\n    return x * n\nf(jnp.ones(2), n=1)")
    shell.run("for k in range(4):\n    f(jnp.ones(2 + k % 2), n=k)")
    from jaxmagic._tracking.tracked import tracked_of

    tracked = tracked_of(shell.ns["f"])
    assert tracked.traces == jax_events.traces["f"] == 5
    assert tracked.compiles == jax_events.compiles["jit(f)"] == 5


def test_monitor_counts_every_jit_by_jax_name(shell, jax_events):
    from jaxmagic._tracking import monitor as _monitor

    before = _monitor.counts()
    shell.run("g = jax.jit(lambda v: v * 3)\ng(jnp.ones(2))\ng(jnp.ones(3))\ng(jnp.ones(3))")
    after = _monitor.counts()
    assert after.get(("trace", "<lambda>"), 0) - before.get(("trace", "<lambda>"), 0) == 2
    assert after.get(("compile", "jit(<lambda>)"), 0) - before.get(("compile", "jit(<lambda>)"), 0) == 2
    assert jax_events.traces["<lambda>"] == 2
