"""Print the side-by-side table: each notebook run with JAX's ``jax_explain_cache_misses`` and jaxmagic.

    python tests/side_by_side/table.py            # all notebooks (about a minute)
    python tests/side_by_side/table.py jax_caching.ipynb --details

Columns: the notebook; its source; the cache misses JAX explained; of those, how many
jaxmagic gives the same cause for (in the user's names); where JAX's pick of the closest
earlier call misleads, how many jaxmagic gives the true cause for; compiles jaxmagic explained
that JAX said nothing about; the median words of an explanation, JAX's and jaxmagic's.
``--details`` also lists every pair, and every case where jaxmagic differs.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import sidebyside  # noqa: E402


def _fmt(x: float) -> str:
    return f"{x:g}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=sidebyside.NOTEBOOKS)
    parser.add_argument("--details", action="store_true", help="print every pair, and every difference")
    args = parser.parse_args(argv)

    rows, differences, all_jax, all_jm = [], [], [], []
    for name in args.notebooks:
        result = sidebyside.run_notebook(HERE / name)
        s = sidebyside.summary(name, result)
        rows.append(s)
        for p in result["pairs"]:
            all_jax.append(p["jax"]["words"])
            if p["jaxmagic"]:
                all_jm.append(p["jaxmagic"]["words"])
            if p["problems"]:
                differences.append((name, p))
        if args.details:
            print(f"### {name}\n```")
            sidebyside.show(result)
            print("```\n")

    print("| notebook | source | JAX misses | same cause in jaxmagic | JAX misleads: jaxmagic true | "
          "jaxmagic only | median words JAX | median words jaxmagic |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for s in rows:
        sources = " ".join(f"<{u}>" for u in s["sources"])
        misled = f"{s['jax_misled_true_cause']}/{s['jax_misled']}" if s["jax_misled"] else "–"
        print(f"| {s['notebook'].removesuffix('.ipynb')} | {sources} | {s['jax_misses']} | "
              f"{s['matched']}/{s['jax_misses'] - s['jax_misled']} | {misled} | {s['jaxmagic_only']} | "
              f"{_fmt(s['jax_words'])} | {_fmt(s['jaxmagic_words'])} |")
    total = sum(s["jax_misses"] for s in rows)
    misled = sum(s["jax_misled"] for s in rows)
    print(f"| **all** | | {total} | {sum(s['matched'] for s in rows)}/{total - misled} | "
          f"{sum(s['jax_misled_true_cause'] for s in rows)}/{misled} | "
          f"{sum(s['jaxmagic_only'] for s in rows)} | "
          f"{_fmt(statistics.median(all_jax) if all_jax else 0)} | "
          f"{_fmt(statistics.median(all_jm) if all_jm else 0)} |")
    if differences:
        print("\nWhere jaxmagic differs:")
        for name, p in differences:
            jax_first = p["jax"]["text"].splitlines()[3:6] if p["jax"]["kind"] != "never-seen" else []
            print(f"- {name} {p['id']}: " + "; ".join(p["problems"]))
            if args.details:
                print("  JAX: " + " / ".join(line.strip()[:160] for line in jax_first))
                print("  jaxmagic: " + (p["jaxmagic"]["reason"].replace("\n", "⏎")[:300] if p["jaxmagic"] else "-"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
