"""The teaching view of a long program: render time and HTML size for a 10,000-equation jaxpr.

A Python loop of 2,500 iterations, 4 operations each, unrolls into 10,000
equations. The report (text and HTML, with the source map and the summarised
jaxpr) is rendered several times, interleaved with JAX's own
``pretty_print`` of the same jaxpr, so the figures are measured side by side
in one run. Targets (the teaching-view issue): HTML under 1 s and 2 MB.

Run: ``python benchmarks/teaching_view.py [--repeats N]``.
"""
from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=2500)
    options = parser.parse_args()

    from IPython.testing.globalipapp import start_ipython

    ip = start_ipython()
    ip.run_line_magic("load_ext", "jaxmagic")
    ip.run_cell("import jax, jax.numpy as jnp")
    report = ip.run_cell_magic(
        "jittrace",
        "--quiet",
        f"def long(x):\n    for _ in range({options.iterations}):\n        x = jnp.sin(x) * 2 + 1\n"
        f"        x = x - 0.5\n    return x\nlong(jnp.ones(2))",
    )
    report = report or __import__("jaxmagic").last_report()
    jaxpr = report.traces[0].jaxpr
    equations = len(jaxpr.jaxpr.eqns)
    html_times, text_times, jax_times = [], [], []
    html = text = ""
    for _ in range(options.repeats):
        start = time.perf_counter()
        html = report.html()
        html_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        text = report.text()
        text_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        jaxpr.pretty_print(use_color=False)
        jax_times.append(time.perf_counter() - start)

    def row(name: str, times: list[float]) -> str:
        median = statistics.median(times)
        spread = (max(times) - min(times)) / 2
        ratio = median / statistics.median(jax_times)
        return f"| {name} | {median * 1e3:,.0f} ms ± {spread * 1e3:,.0f} | {ratio:.2f}× |"

    print(f"{equations:,} equations; {options.repeats} interleaved repeats (median ± half the range)\n")
    print("| rendering | time | vs JAX's pretty_print |")
    print("|---|---|---|")
    print(row("report HTML", html_times))
    print(row("report text", text_times))
    print(row("JAX pretty_print", jax_times))
    print(f"\nHTML size: {len(html.encode()) / 1e6:.2f} MB (target < 2 MB); text: {len(text.encode()) / 1e6:.2f} MB")
    median_html = statistics.median(html_times)
    print(f"targets: HTML < 1 s: {'met' if median_html < 1 else 'MISSED'}; "
          f"< 2 MB: {'met' if len(html.encode()) < 2e6 else 'MISSED'}")


if __name__ == "__main__":
    main()
