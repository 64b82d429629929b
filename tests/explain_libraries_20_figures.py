"""Figures of ``jaxmagic.explain`` on issue 26's twentieth held-out set (sets AM and AN), each cell a file.

Usage::

    python tests/explain_libraries_20_figures.py [--sets am an] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_am.CASES + explain_libraries_an.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. veros lets its backend be chosen once per process (``runtime_settings.backend = "jax"`` raises once its core
is imported), so each case that chooses it runs in a process of its own, and the figures are added up. A
measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
_MODULES = ("explain_libraries_am", "explain_libraries_an")


def _cases(sets: tuple[str, ...] = ("am", "an")) -> list:
    return [c for m in _MODULES if m.rsplit("_", 1)[-1] in sets and (Path(__file__).parent / f"{m}.py").exists()
            for c in importlib.import_module(m).CASES]


def _groups(cases: list) -> list[list[str]]:
    """The cases that share a process, then each case that chooses veros's backend alone."""
    alone = [c.id for c in cases if "runtime_settings" in c.code]
    return [[c.id for c in cases if c.id not in alone], *([i] for i in alone)]


def _part(ids: list[str]) -> dict:
    from explain_fresh_figures import measure

    chosen = [c for c in _cases() if c.id in ids]
    figures, misses, seconds = measure(chosen)
    return {"n": len(chosen), "figures": figures, "misses": misses, "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description="issue 26's twentieth held-out set")
    parser.add_argument("--sets", nargs="+", default=["am", "an"], help="each set's libraries where installed")
    parser.add_argument("--markdown", type=Path)
    options = parser.parse_args()
    import jaxmagic

    hits: dict[str, int] = {}
    n, wrong, misses, seconds = 0, 0, [], []
    for ids in _groups(_cases(tuple(options.sets))):
        if not ids:
            continue
        run = subprocess.run([sys.executable, "-W", "ignore", "-c", "import json, sys; sys.path.insert(0, sys.argv[1]); "
                              "import explain_libraries_20_figures as f; print('@@' + json.dumps(f._part(sys.argv[2:])))",
                              str(Path(__file__).parent), *ids], capture_output=True, text=True, env=os.environ)
        found = [line for line in run.stdout.splitlines() if line.startswith("@@")]
        if not found:
            sys.exit(f"a part failed: {ids}\n{run.stderr[-2000:]}")
        part = json.loads(found[0][2:])
        n += part["n"]
        for name, value in part["figures"].items():
            if "count" in name:
                wrong += int(value)
            else:
                hits[name] = hits.get(name, 0) + round(value * part["n"] / 100)
        misses += part["misses"]
        seconds += part["seconds"]
    from explain_fresh_figures import write_report

    shown = {name: f"{100 * count / n:.0f}% ({count})" for name, count in hits.items()}
    write_report(f"{n} library cases (twentieth held-out set), jaxmagic from {Path(jaxmagic.__file__).parent.parent}",
                 {**shown, "wrongly verified (count)": str(wrong)}, seconds, misses, options.markdown)

if __name__ == "__main__":
    main()
