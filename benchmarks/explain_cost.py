"""Point 5 (and issue 16): what ``jaxmagic.explain`` costs, verification included, on the real-case sets.

Each case of ``tests/explain_corpus.py`` (reductions of real errors),
``tests/explain_holdout.py`` (gathered after the explainer was written),
``tests/explain_fresh.py`` (issue 16's held-out set, written by someone who
never read jaxmagic's code), ``tests/explain_generalize.py`` (issue 16's
patterns) and ``tests/explain_libraries_a.py``/``_b.py`` and ``_c.py``/``_d.py`` (issue 26's
held-out sets, and ``_e.py``/``_f.py``: errors through libraries, their fixes tried by running
the failing trace again, worst ≤ 1 s) is run as a user meets it: its cell written to a file on disk as a
kernel writes it and executed, the failing call raising (JAX's tracebacks
filtered as in a kernel: its frames kept, marked hidden), then ``explain``
called on the exception. Only ``explain`` is timed: finding the argument, the
line and the fixes, and re-tracing a private copy of the function with each
mechanical fix applied (a leak fix with no store left in its source; the
leaking function traced again with the abstract call JAX's trace cache kept).
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _measure import Result

_TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests")


def _timed_cases(cases, repeats: int) -> tuple[dict[str, float], int, dict[str, float]]:
    import jaxmagic
    from corpus_harness import as_in_a_kernel, run_case

    explain = jaxmagic.explain
    seconds: dict[str, list[float]] = {case.id: [] for case in cases}
    failing: dict[str, float] = {}  # the user's own failing statement, in the same run
    verified = 0
    current: list[str] = []

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return explain(*args, **kwargs)
        finally:
            seconds[current[-1]].append(time.perf_counter() - start)

    jaxmagic.explain = timed  # the harness calls jaxmagic.explain
    try:
        for repeat in range(repeats):
            for case in cases:
                current.append(case.id)
                with tempfile.TemporaryDirectory() as folder, as_in_a_kernel():
                    outcome = run_case(case, Path(folder))
                if repeat == 0 and outcome.explanation is not None:
                    verified += sum(1 for fix in outcome.explanation.fixes if fix.verified)
                if repeat == 0:
                    failing[case.id] = outcome.seconds
    finally:
        jaxmagic.explain = explain
    return {case: times for case, times in seconds.items() if times}, verified, failing


def run(quick: bool) -> list[Result]:
    sys.path.insert(0, os.path.abspath(_TESTS))
    from explain_corpus import CASES
    from explain_fresh import CASES as FRESH
    from explain_generalize import CASES as PATTERNS
    from explain_holdout import CASES as HOLDOUT

    sets = [("corpus", CASES, 0.5), ("holdout", HOLDOUT, 0.5), ("fresh (issue 16)", FRESH, 0.5),
            ("pattern (issue 16)", PATTERNS, 0.5)]
    try:  # issue 26's held-out set: errors through libraries, fixes tried by running the failing trace again
        from explain_libraries_a import CASES as FIRST
        from explain_libraries_b import CASES as SECOND
        import chex, dm_pix, interpax, jaxopt, jraph, lineax, mctx, optimistix, ott  # noqa: F401, E401
        sets.append(("library (issue 26)", [*FIRST, *SECOND], 1.0))
    except ImportError:  # the libraries are test dependencies
        pass
    try:  # its second held-out set: blackjax, dynamax, jax-md, jaxlie, einops, jaxtyping; flashbax, gymnax, ...
        from explain_libraries_c import CASES as THIRD
        from explain_libraries_d import CASES as FOURTH
        import blackjax, distreqx, dynamax, einops, evosax, flashbax, gymnax, jax_md, jaxlie, pgx, penzai, quax  # noqa: F401, E401
        sets.append(("library, second set (issue 26)", [*THIRD, *FOURTH], 1.0))
    except Exception:  # noqa: BLE001 - flashbax, dynamax, jax-md are not test dependencies; a broken install is skipped too
        pass
    try:  # its third: tinygp, flowjax, sympy2jax, probdiffeq, cola-ml, ml_collections; dynamiqs, jax_dataclasses, ...
        from explain_libraries_e import CASES as FIFTH
        from explain_libraries_f import CASES as SIXTH
        import cola, dynamiqs, flowjax, jax_dataclasses, jmp, jumanji, ml_collections, probdiffeq, sympy2jax, tinygp, xminigrid  # noqa: F401, E401
        sets.append(("library, third set (issue 26)", [*FIFTH, *SIXTH], 1.0))
    except Exception:  # noqa: BLE001 - cola-ml, dynamiqs, jumanji, xminigrid are not test dependencies (nor all installed here)
        pass
    results = []
    for label, cases, worst_target in sets:
        per_case, verified, failing = _timed_cases(cases, 1 if quick else 3)
        median = statistics.median(statistics.median(times) for times in per_case.values())
        worst_case = max(per_case, key=lambda case: max(per_case[case]))
        worst = max(per_case[worst_case])
        # explain against the user's own failing statement, side by side: a re-trace costs what a trace costs
        ratio = max(per_case[worst_case]) / failing[worst_case] if failing.get(worst_case) else float("nan")
        results.append(Result(
            "5. explanation cost", f"`explain` with verification, {len(per_case)} {label} cases: median / worst",
            f"{median * 1e3:.0f} ms / {worst * 1e3:.0f} ms", f"median ≤ 50 ms, worst ≤ {worst_target * 1e3:.0f} ms",
            median <= 0.05 and worst <= worst_target,
            f"slowest: {worst_case}, {ratio:.2f}× its failing statement's own run in the same process "
            f"({failing.get(worst_case, 0) * 1e3:.0f} ms: the user's trace up to the error, a later use for a leak); "
            f"{verified} fixes verified by re-tracing; "
            + ("1 run per case" if quick else "median: of each case's median of 3 runs; worst: of every run"),
        ))
    return results
