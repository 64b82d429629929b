"""Print the side-by-side table: each notebook run with JAX's ``jax_explain_cache_misses`` and jaxmagic.

    python tests/side_by_side/table.py            # all notebooks (about a minute)
    python tests/side_by_side/table.py jax_caching.ipynb --details

The truth is each notebook's own ``TRUTH`` cell: the cause of every compile, by
construction. Columns: the notebook; its source; the compiles that happened; for how many
jaxmagic gives the true cause; how JAX's explanation of each compile scores against the
same truth (the same cause; vaguer or unavailable; misleading; silent); the median words
of an explanation, JAX's and jaxmagic's. Below the table: every compile where JAX's
explanation falls short, and every place where jaxmagic is wrong. ``--details`` also
prints each compile.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import sidebyside  # noqa: E402

HEADER = ("| notebook | source | compiles | jaxmagic: true cause | JAX: same cause | JAX: vaguer / unavailable "
          "| JAX: misleads | JAX: silent | median words, JAX / jaxmagic |")


def _fmt(x: float) -> str:
    return f"{x:g}"


def render(results: dict[str, dict[str, Any]]) -> str:
    """The table (Markdown) for the notebooks' comparisons, in the order given, with the notes below it."""
    rows, jax_words, jm_words, notes, wrong = [], [], [], [], []
    for name, result in results.items():
        s = sidebyside.summary(name, result)
        rows.append(s)
        stem = name.removesuffix(".ipynb")
        for c in result["compiles"]:
            if c["jax"]:
                jax_words.append(c["jax"]["words"])
            if c["jaxmagic"]:
                jm_words.append(c["jaxmagic"]["words"])
            if c["jax_score"] != "same cause":
                note = f": {c['jax_note']}" if c["jax_note"] else ""
                notes.append(f"- {stem} `{c['id']}`, {c['jax_score']}{note}")
            if c["problems"]:
                wrong.append(f"- {stem} `{c['id']}`: " + "; ".join(c["problems"]))
        wrong += [f"- {stem} `{u['id']}`: a compile the truth does not list" for u in result["untold"]]
        wrong += [f"- {stem} `{o['row']}`: jaxmagic explains a compile that did not happen: {o['reason']}"
                  for o in result["jaxmagic_only"]]

    kernel = next(iter(results.values()))["kernel"] if results else {}
    lines = [f"JAX {kernel.get('jax', '?')} on Python {kernel.get('python', '?')}:", "", HEADER,
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    total: dict[str, Any] = {"compiles": 0, "jaxmagic_true": 0, "jax": dict.fromkeys(sidebyside.SCORES, 0)}
    for s in rows:
        total["compiles"] += s["compiles"]
        total["jaxmagic_true"] += s["jaxmagic_true"]
        for k, v in s["jax"].items():
            total["jax"][k] += v
        sources = " ".join(f"<{u}>" for u in s["sources"])
        lines.append(_row(s["notebook"].removesuffix(".ipynb"), sources, s, s["jax_words"], s["jaxmagic_words"]))
    lines.append(_row("**all**", "", total, statistics.median(jax_words) if jax_words else 0,
                      statistics.median(jm_words) if jm_words else 0))
    if total["jax"]["unparsed"]:
        lines.append(f"\n{total['jax']['unparsed']} of JAX's messages could not be read by this comparison "
                     "(counted in no JAX column).")
    if notes:
        lines += ["", "Where JAX's explanation is not the true cause:", *notes]
    if wrong:
        lines += ["", "Where jaxmagic is wrong:", *wrong]
    return "\n".join(lines)


def _row(name: str, sources: str, s: dict[str, Any], jax_words: float, jm_words: float) -> str:
    j = s["jax"]
    return (f"| {name} | {sources} | {s['compiles']} | {s['jaxmagic_true']}/{s['compiles']} | {j['same cause']} | "
            f"{j['vaguer'] + j['unavailable']} | {j['misleads']} | {j['silent']} | "
            f"{_fmt(jax_words)} / {_fmt(jm_words)} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=sidebyside.NOTEBOOKS)
    parser.add_argument("--details", action="store_true", help="print every compile")
    args = parser.parse_args(argv)

    results = {}
    for name in args.notebooks:
        results[name] = sidebyside.run_notebook(HERE / name)
        if args.details:
            print(f"### {name}\n```")
            sidebyside.show(results[name])
            print("```\n")
    print(render(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
