"""jaxmagic's benchmarks: every target of the benchmark issue, measured side by side in one run.

Run ``python benchmarks/run.py`` (a few minutes on 2 cores) or with
``--quick`` (under a minute, fewer repeats and smaller sizes). Each figure is
a ratio of two variants measured in the same run with interleaved repeats, or
a count, or (for rendering, explanation and start-up, whose targets are
times) a median with its range. ``--markdown FILE`` also writes the table.
Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

SECTIONS = ("hot_path", "magic_cost", "bookkeeping", "explain_cost", "memory", "startup", "observed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and smaller sizes (under a minute)")
    parser.add_argument("--only", choices=SECTIONS, action="append", help="run only these sections")
    parser.add_argument("--markdown", metavar="FILE", help="also write the table to FILE")
    options = parser.parse_args()

    import importlib

    import jax

    started = time.perf_counter()
    results = []
    for name in options.only or SECTIONS:
        section_start = time.perf_counter()
        found = importlib.import_module(name).run(options.quick)
        results.extend(found)
        for result in found:
            print(f"{'ok ' if result.met else 'MISSED'} {result.point}: {result.what}: {result.measured}", flush=True)
        print(f"   ({name}: {time.perf_counter() - section_start:.0f} s)", flush=True)

    import IPython
    import jaxmagic

    lines = [
        f"{'Quick run' if options.quick else 'Full run'} of `benchmarks/run.py`: {time.perf_counter() - started:.0f} s; "
        f"jaxmagic {jaxmagic.__version__}, jax {jax.__version__}, IPython {IPython.__version__}, "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, JAX on {jax.default_backend()}. "
        "Ratios: median over interleaved repeats, (range, n).",
        "",
        "| point | measured | result | target | met | notes |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        lines.append(f"| {r.point} | {r.what} | {r.measured} | {r.target} | {'yes' if r.met else '**no**'} | {r.note} |")
    table = "\n".join(lines)
    print("\n" + table)
    if options.markdown:
        with open(options.markdown, "w", encoding="utf-8") as out:
            out.write(table + "\n")
    return 0 if all(r.met for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
