"""Points 2 and 3: what a ``%%jittrace`` cell costs beyond the jit it shows.

Point 2 counts JAX's own trace and compile events around a cell and later
plain calls. Point 3 runs, in one IPython shell and alternately, a
``%%jittrace`` cell (its report rendered as HTML and text) and the same cell
with a bare ``jax.jit`` first call, each on a fresh function and a fresh
shape so nothing is cached; then times rendering alone for a 100-equation and
a 10,000-equation jaxpr beside JAX's own ``pretty_print``.
"""
from __future__ import annotations

import time

import jax.numpy as jnp

from _measure import JaxEvents, Result, interleave, ratios, spread

_SMALL = "def {name}(x, y):\n    z = jnp.sin(x) * y + 1\n    return jnp.tanh(z).sum()\n"
_LOOP = (
    "def {name}(x, y):\n"
    "    for _ in range(25):\n"
    "        x = jnp.sin(x) * y + 1\n"
    "        x = x - 0.5\n"
    "    return x.sum()\n"
)
_MEDIUM = (
    "def {name}(params, x):\n"
    "    for w, b in params:\n"
    "        x = jax.nn.relu(x @ w + b)\n"
    "    logits = x - jax.nn.logsumexp(x, axis=-1, keepdims=True)\n"
    "    return -logits.mean()\n"
)


def _shell():
    from IPython.testing.globalipapp import start_ipython

    shell = start_ipython()
    shell.run_line_magic("load_ext", "jaxmagic")
    shell.run_cell("import jax, jax.numpy as jnp", silent=True)
    return shell


def _run(shell, cell: str) -> None:
    result = shell.run_cell(cell, silent=True)
    if not result.success:
        raise RuntimeError(f"benchmark cell failed: {result.error_in_exec or result.error_before_exec}")


def counts(shell) -> list[Result]:
    with JaxEvents() as events:
        _run(shell, "%%jittrace --static-argnames n\ndef counted(x, n):\n    return jnp.tile(x, n).sum()\n"
                    "counted(jnp.ones(3), n=2)")
        for cell in ("counted(jnp.ones(3), n=2)", "counted(jnp.ones(3), n=2)",
                     "counted(jnp.ones(5), n=2)", "counted(jnp.ones(5), n=2)", "counted(jnp.ones(3), n=2)"):
            _run(shell, cell)
    traces, compiles = events.traces["counted"], events.compiles["jit(counted)"]
    return [Result(
        "2. one trace, one compile", "`%%jittrace` cell, then 5 plain calls over 2 signatures",
        f"{traces} traces, {compiles} compiles", "2 and 2 (one per signature)", (traces, compiles) == (2, 2),
        "JAX's own monitoring events; also `tests/test_counts.py`",
    )]


def first_call(shell, quick: bool) -> list[Result]:
    import jaxmagic

    repeats = 7 if quick else 21
    results = []
    for label, template, make_args in (
        ("small function (5 equations)", _SMALL, lambda n: {"x": jnp.ones(n), "y": 2.0}),
        ("3-layer MLP loss (13 equations)", _MEDIUM,
         lambda n: {"params": [(jnp.ones((n, n)), jnp.ones(n))] * 3, "x": jnp.ones((4, n))}),
        ("Python loop unrolled into 101 equations", _LOOP, lambda n: {"x": jnp.ones(n), "y": 2.0}),
    ):
        order = "x, y" if "x, y" in template else "params, x"

        def magic(repeat: int, template=template, make_args=make_args, order=order) -> float:
            shell.user_ns.update(make_args(16 + 2 * repeat))
            name = f"traced_{abs(hash(template)) % 997}_{repeat}"
            cell = "%%jittrace --quiet\n" + template.format(name=name) + f"{name}({order});"
            start = time.perf_counter()
            _run(shell, cell)
            report = jaxmagic.last_report()
            report.html(), report.text()
            return time.perf_counter() - start

        def bare(repeat: int, template=template, make_args=make_args, order=order) -> float:
            shell.user_ns.update(make_args(17 + 2 * repeat))
            name = f"bare_{abs(hash(template)) % 997}_{repeat}"
            cell = template.format(name=name) + f"jax.block_until_ready(jax.jit({name})({order}))"
            start = time.perf_counter()
            _run(shell, cell)
            return time.perf_counter() - start

        times = interleave({"magic": magic, "bare": bare}, repeats)
        ratio = ratios(times["magic"], times["bare"])
        small = template is _SMALL
        results.append(Result(
            "3. the magic's own cost", f"{label}: `%%jittrace` cell with its report / bare first call",
            ratio.format(), "≤ 1.3×" if small else "(not a target)", ratio.median <= 1.3 or not small,
            f"bare first call {spread(times['bare']).format(' ms', 1e3, 1).split(' (')[0]}",
        ))
    return results


def line_events(quick: bool) -> list[Result]:
    """The teaching view's line events alone: tracing the 101-equation loop with them on / off.

    Python 3.12 and later count lines with ``sys.monitoring`` on the cell's own code objects; 3.11 with
    ``sys.settrace``, whose global hook also runs for every frame of JAX's own code.
    """
    import os
    import sys
    import tempfile

    import jax

    from jaxmagic._tracking import linehits

    path = os.path.join(tempfile.mkdtemp(), "cell.py")
    source = "import jax.numpy as jnp\n" + _LOOP.format(name="loop")
    with open(path, "w") as handle:
        handle.write(source)
    namespace: dict = {}
    exec(compile(source, path, "exec"), namespace)
    loop, x = namespace["loop"], jnp.ones(8)

    def traced(counting: bool) -> float:
        jitted = jax.jit(lambda a, b: loop(a, b))  # a fresh jit: a real trace every time
        counter = linehits.LineCounter(path, loop) if counting else None
        start = time.perf_counter()
        if counter is not None:
            counter.start()
        jitted.trace(x, 2.0)
        if counter is not None:
            counter.stop()
        return time.perf_counter() - start

    traced(True), traced(False)
    times = interleave({"on": lambda _: traced(True), "off": lambda _: traced(False)}, 9 if quick else 31)
    ratio = ratios(times["on"], times["off"])
    monitored = sys.version_info >= (3, 12)
    how = "sys.monitoring" if monitored else "sys.settrace"
    return [Result(
        "3. the magic's own cost", f"line events while tracing the 101-equation loop ({how}): on / off",
        ratio.format(), "≤ 1.15× (Python 3.12+)" if monitored else "(3.11: not a target)",
        ratio.median <= 1.15 or not monitored,
        f"a trace with them off: {spread(times['off']).format(' ms', 1e3, 1).split(' (')[0]}; "
        f"Python {sys.version.split()[0]}",
    )]


def _long_cell(iterations: int) -> str:
    return (f"%%jittrace --quiet\ndef long_{iterations}(x):\n    for _ in range({iterations}):\n"
            "        x = jnp.sin(x) * 2 + 1\n        x = x - 0.5\n    return x\n"
            f"long_{iterations}(jnp.ones(2));")


def rendering(shell, quick: bool) -> list[Result]:
    import jaxmagic

    results = []
    for equations, limit_ms, repeats in ((100, 50, 9 if quick else 25), (10_000, 1000, 3 if quick else 7)):
        _run(shell, _long_cell(equations // 4))
        report = jaxmagic.last_report()
        jaxpr = report.traces[0].jaxpr
        found = len(jaxpr.jaxpr.eqns)
        html = ""

        def fresh() -> None:  # as for a report just made: nothing printed or read yet
            report._lines = None
            for entry in report.traces:
                entry._printed = None

        def render_html(_repeat: int) -> None:
            nonlocal html
            fresh()
            html = report.html()

        def render_text(_repeat: int) -> None:
            fresh()
            report.text()

        times = interleave({
            "html": render_html,
            "text": render_text,
            "jax": lambda _r: (jaxpr.pretty_print(use_color=False), None)[1],
        }, repeats)
        html_ms = spread(times["html"])
        vs_jax = ratios(times["html"], times["jax"])
        size = len(html.encode())
        met = html_ms.median * 1e3 <= limit_ms and (equations < 10_000 or size <= 2e6)
        results.append(Result(
            "3. report rendering", f"{found:,}-equation jaxpr: a new report as HTML",
            html_ms.format(" ms", 1e3, 1),
            f"≤ {limit_ms:,} ms" + (", HTML ≤ 2 MB" if equations >= 10_000 else ""), met,
            f"HTML {size / 1e6:.2f} MB; text {spread(times['text']).median * 1e3:.1f} ms; "
            f"HTML / JAX's pretty_print {vs_jax.format()}",
        ))
    return results


def run(quick: bool) -> list[Result]:
    shell = _shell()
    return counts(shell) + first_call(shell, quick) + line_events(quick) + rendering(shell, quick)
