"""The failing value read where it failed, in a kernel: no re-trace to find the argument.

In a script JAX removes its own frames from a tracing error's traceback; under
IPython (every Jupyter kernel) it keeps them, marked hidden. With JAX's frames
kept, the tracer that failed (``self`` of ``Tracer.__bool__``, the operand of
``__array__``) is in the traceback, and the arguments it depends on are read
from its trace at once; the re-trace of a private copy that a script's
traceback needs is left out. Explanations must be the same either way, or
better: the reading where the value failed is the exact one (two cases of the
corpus read a script's frames to the wrong argument).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from corpus_harness import as_in_a_kernel, as_in_a_script, run_case
from explain_corpus import CASES
from notebook_support import run_notebook

import jaxmagic._explain.argument as argument


def _answers(cases: list, kernel: bool) -> tuple[dict, int]:
    """Each case's explanation as (kind, argument, line, fix kinds and outcomes), and the re-traces run for
    the argument."""
    probe = argument._probe_origin
    count = [0]

    def counted(*args, **kwargs):
        count[0] += 1
        return probe(*args, **kwargs)

    answers = {}
    argument._probe_origin = counted
    try:
        with tempfile.TemporaryDirectory() as folder:
            for case in cases:
                with as_in_a_kernel() if kernel else as_in_a_script():
                    found = run_case(case, Path(folder)).explanation
                answers[case.id] = None if found is None else (
                    found.kind, found.argument, found.lineno, [(f.kind, f.verified, f.outcome) for f in found.fixes])
    finally:
        argument._probe_origin = probe
    return answers, count[0]


def test_the_kernel_reads_the_failing_value_without_a_re_trace():
    cases = [c for c in CASES if c.kind in ("bool-conversion", "concretization", "integer-conversion",
                                            "array-conversion", "traced-shape")]
    assert len(cases) >= 30
    script, script_probes = _answers(cases, kernel=False)
    kernel, kernel_probes = _answers(cases, kernel=True)
    for case in cases:
        assert kernel[case.id][:3] == (case.kind, case.argument, case.line), case.id
        if script[case.id][1] == case.argument:  # where the script's reading was right, nothing changes
            assert kernel[case.id][:3] == script[case.id][:3], case.id
            assert [f[0] for f in kernel[case.id][3]] == [f[0] for f in script[case.id][3]], case.id
            for mine, theirs in zip(kernel[case.id][3], script[case.id][3]):
                # the same outcome of each try, but a try one run left for time (a fix before it traced, and
                # tries are slow on a loaded machine) says nothing of the reading
                if mine[1] != theirs[1]:
                    waited = mine if mine[1] is None else theirs
                    assert waited[1] is None and _left_for_time(waited[2]), (case.id, mine, theirs)
    # a script's traceback lost the failing value: re-traced for most; in a kernel only where no jit traced it
    assert script_probes >= len(cases) // 2
    assert kernel_probes * 10 <= script_probes


def _left_for_time(outcome: str | None) -> bool:
    """True for the outcome of a try not made because earlier tries took the time (``verify``'s and the budget's
    words)."""
    return bool(outcome) and ("earlier fix traced" in outcome or "took its" in outcome)


def test_a_kernel_keeps_the_frames_the_reading_needs(tmp_path):
    # the premise: what JAX does under IPython, seen in a real kernel
    cells = run_notebook([
        "import jax\nfrom jaxmagic._common.frames import jax_frames_kept\n"
        "def f(x):\n    if x > 0:\n        return x\n    return -x\n"
        "try:\n    jax.jit(f)(1.0)\nexcept Exception as e:\n    print('kept', jax_frames_kept(e.__traceback__))\n",
    ], tmp_path)
    assert "kept True" in cells[0].outputs[0]["text"]


def test_a_script_keeps_none_of_them():
    # outside IPython JAX's automatic filtering removes its frames: the re-trace stays for that case
    import jax
    from jaxmagic._common.frames import jax_frames_kept

    def f(x):
        if x > 0:
            return x
        return -x

    with as_in_a_script(), pytest.raises(jax.errors.TracerBoolConversionError) as raised:
        jax.jit(f)(1.0)
    assert not jax_frames_kept(raised.value.__traceback__)
