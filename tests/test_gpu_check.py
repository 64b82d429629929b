"""``tools/gpu-check`` (issue 17): its summaries read what pytest, nbclient and the benchmarks print.

The tool runs on a machine with an accelerator, which CI never has; here its command line and the way
it reads each step's output are checked on what those steps really print.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "gpu-check"


def _tool():
    loader = importlib.machinery.SourceFileLoader("gpu_check", str(TOOL))
    spec = importlib.util.spec_from_loader("gpu_check", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_tool_says_how_it_is_used():
    done = subprocess.run([sys.executable, str(TOOL), "--help"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "WHEELS_DIR" not in done.stderr and "--out" in done.stdout


def test_each_steps_summary_is_read_from_its_real_output():
    tool = _tool()
    assert tool._pytest_summary("....\n640 passed, 2 skipped, 13 deselected in 262.02s (0:04:22)\n") == (
        "640 passed, 2 skipped, 13 deselected")
    assert tool._pytest_summary("F.\n=== 1 failed, 1 passed in 3.10s ===\n") == "1 failed, 1 passed"
    printed = "ok  1. hot path: x: 1.00×\nMISSED 3. the magic's own cost: y: 1.4×\n   (hot_path: 3 s)\n"
    assert tool._benchmark_summary(printed) == "2 figures, 1 targets missed"
    assert tool._last_line("kernel ready\n12 cells, 0 error outputs\n\n") == "12 cells, 0 error outputs"
