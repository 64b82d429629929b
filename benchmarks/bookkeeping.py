"""Point 4: what tracking adds to each compile, and what a long recompile storm costs.

Part one compiles a fresh shape per call, tracked (with a live panel open)
and bare, alternately, and reads the difference as a share of JAX's own
backend compile time.

Part two times only what issue 18 added to each compile of a plain jit
(the compile's id, its trace and lowering seconds and disk-cache flag, the
recompile limit's check) as a share of JAX's backend compile.

Part three is the storm: 100 functions × 1,000 compiles each. At about 25 ms
per real compile on these machines that would take some 40 minutes, so it
replays, through jaxmagic's own code, exactly what each compile sends it:
the recorder's begin and end of a trace with the call's real arguments, then
JAX's trace, lowering and compile events, then the registry's change
notice that drives the panel. JAX itself is not involved; everything of
jaxmagic's (signatures, closest-signature diff, history, statistics rows, the
throttled panel with its HTML) is.
"""
from __future__ import annotations

import gc
import os
import resource
import threading
import time

import jax
import jax.numpy as jnp
import numpy as np

from _measure import JaxEvents, Result, interleave, ratios, spread

_BODY = "    y = jnp.sin(x) * 2 + 1\n    for _ in range(5):\n        y = jnp.tanh(y) @ jnp.ones((y.shape[-1], y.shape[-1]))\n    return y.sum()\n"


def _resident_bytes() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # not Linux: the peak is all there is
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class _OwnTime:
    """Adds up the time spent in jaxmagic's per-compile steps, by wrapping them for one run."""

    _STEPS = (
        ("jaxmagic._tracking.tracked", "TrackedFunction", "_begin"),
        ("jaxmagic._tracking.tracked", "TrackedFunction", "_end"),
        ("jaxmagic._tracking.attribution", None, "_frames_with_function"),
        ("jaxmagic._tracking.attribution", None, "_tracked_event"),
        ("jaxmagic._tracking.stats", "Registry", "changed"),
    )

    def __init__(self) -> None:
        self.seconds = 0.0
        self._saved: list = []

    def __enter__(self) -> _OwnTime:
        import importlib

        for module_name, class_name, attribute in self._STEPS:
            owner = importlib.import_module(module_name)
            if class_name:
                owner = getattr(owner, class_name)
            original = getattr(owner, attribute)
            self._saved.append((owner, attribute, original))
            setattr(owner, attribute, self._timed(original))
        return self

    def _timed(self, original):
        def timed(*args, **kwargs):
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start
        return timed

    def __exit__(self, *exc: object) -> None:
        for owner, attribute, original in reversed(self._saved):
            setattr(owner, attribute, original)


def per_compile(quick: bool) -> list[Result]:
    import jaxmagic
    from jaxmagic._ipython.panel import Panel

    panel = Panel()
    per_repeat = 5 if quick else 10
    repeats = 7 if quick else 21
    namespace: dict = {"jnp": jnp}
    exec("def tracked_body(x):\n" + _BODY + "def bare_body(x):\n" + _BODY, namespace)
    tracked = jaxmagic.track(namespace["tracked_body"], name="bench_per_compile")
    bare = jax.jit(namespace["bare_body"])
    arrays = iter([np.ones((2, n), np.float32) for n in range(8, 8 + 2 * per_repeat * repeats + 2)])
    own = _OwnTime()

    def compiles(f):
        def timed(_repeat: int) -> None:
            for _ in range(per_repeat):
                jax.block_until_ready(f(next(arrays)))
        return timed

    try:
        with own, JaxEvents() as events:
            times = interleave({"tracked": compiles(tracked), "bare": compiles(bare)}, repeats)
    finally:
        panel.close()
    ratio = ratios(times["tracked"], times["bare"])
    backend = spread(events.compile_seconds["jit(bare_body)"]).median
    counted = jaxmagic.stats("bench_per_compile").compiles
    own_per_compile = own.seconds / counted
    return [Result(
        "4. recompile bookkeeping", "per compile, panel open: tracked / bare (trace + lower + compile + run)",
        ratio.format(), "≤ 1.05×", ratio.median <= 1.05 and counted == per_repeat * repeats,
        f"jaxmagic's own time {own_per_compile * 1e3:.2f} ms per compile = {own_per_compile / backend:.1%} of "
        f"JAX's backend compile ({backend * 1e3:.1f} ms); {counted} compiles counted, {panel.redraws} panel redraws",
    )]


def storm(quick: bool) -> list[Result]:
    import jaxmagic
    from jaxmagic._tracking import attribution as _attribution
    from jaxmagic._tracking import monitor as _monitor
    from jaxmagic._ipython.panel import Panel
    from jaxmagic._tracking.stats import registry
    from jaxmagic._tracking.tracked import tracked_of

    functions, compiles = (10, 1000) if quick else (100, int(os.environ.get("STORM_COMPILES", 1000)))
    thread = threading.get_ident()
    tracked = []
    for number in range(functions):
        namespace: dict = {"jnp": jnp}
        exec(f"def storm_{number}(x, scale):\n    return x * scale\n", namespace)
        jitted = jaxmagic.track(namespace[f"storm_{number}"], static_argnames="scale")
        tracked.append(tracked_of(jitted))
    arrays = [np.ones((1 + i % 40, 1 + i // 40), np.float32) for i in range(compiles * 2)]
    # what a real compile of such a function costs here, for scale
    namespace = {"jnp": jnp}
    exec("def bare_storm(x, scale):\n    return x * scale\n", namespace)
    bare = jax.jit(namespace["bare_storm"], static_argnames="scale")
    with JaxEvents() as real:
        for array in arrays[1:12]:
            jax.block_until_ready(bare(array, scale=2))
    real_compile = spread(real.compile_seconds["jit(bare_storm)"]).median

    def replay_one(function, step: int) -> None:
        # one step of a training loop that recompiles: every 3rd a new static value, else a new shape
        args = (arrays[step],) if step % 3 else (arrays[0],)
        record = function._begin(args, {"scale": step if step % 3 == 0 else 1})
        function._end(record, None)
        for kind, name, seconds in (("trace", function.jax_name, 0.002), ("lower", f"jit({function.jax_name})", 0.003),
                                    ("compile", f"jit({function.jax_name})", 0.025)):
            _attribution._tracked_event(function, _monitor.Event(kind, name, seconds, thread))
            if kind != "lower":
                registry.changed()

    panel = Panel()
    gc.collect()
    memory = [_resident_bytes()]
    start = time.perf_counter()
    redraw_window = []
    for rounds in (compiles, compiles):  # twice the bound: the second half shows memory stays put
        round_start = time.perf_counter()
        redraws_before = panel.redraws
        for step in range(rounds):
            for function in tracked:
                replay_one(function, step + (rounds if len(memory) > 1 else 0))
        redraw_window.append((panel.redraws - redraws_before) / (time.perf_counter() - round_start))
        gc.collect()
        memory.append(_resident_bytes())
    elapsed = time.perf_counter() - start
    redraw_times, html_times = [], []
    for _ in range(5):
        panel._drawn.clear()  # as if every function had compiled since the last redraw
        start_redraw = time.perf_counter()
        panel.refresh(analyse=False)
        redraw_times.append(time.perf_counter() - start_redraw)
        start_html = time.perf_counter()
        html = panel.html()
        html_times.append(time.perf_counter() - start_html)
    panel.close()
    total = functions * compiles * 2
    per_event = elapsed / total
    rate = max(redraw_window)
    first, second = memory[1] - memory[0], memory[2] - memory[1]
    counted = sum(f.compiles for f in tracked)
    jaxmagic.reset()
    return [
        Result("4. recompile storm", f"{functions} functions × {2 * compiles:,} compiles (replayed): panel redraws",
               f"{rate:.1f} per second (most in either half)", "≤ 10 per second", rate <= 10 and counted == total,
               f"{counted:,} compiles counted; {panel.redraws} redraws in {elapsed:.1f} s"),
        Result("4. recompile storm", "jaxmagic's time per compile during the storm (diff, history, advice, redraws)",
               f"{per_event * 1e6:.0f} µs = {per_event / real_compile:.1%} of a real compile of such a function "
               f"({real_compile * 1e3:.1f} ms)", "≤ 5% of that compile's time", per_event <= 0.05 * real_compile,
               f"a panel redraw with every function changed: {spread(redraw_times).median * 1e3:.0f} ms; "
               f"the whole panel as one HTML page (no widgets): {spread(html_times).median * 1e3:.0f} ms, "
               f"{len(html.encode()) / 1e6:.2f} MB"),
        Result("4. recompile storm", f"memory growth: first {compiles:,} compiles per function, then the next {compiles:,}",
               f"{first / 1e6:+.1f} MB, then {second / 1e6:+.1f} MB", "bounded (no growth once full)",
               second <= max(0.1 * first, 2e6), "resident memory of the process; each function keeps its newest 1,000 compiles "
               "and 256 distinct signatures"),
    ]


class _StepTime(_OwnTime):
    """Issue 18's per-compile steps: the phase times and disk-cache flag kept per thread, the compile's id and
    totals in its row, the recompile limit's check."""

    _STEPS = (
        ("jaxmagic._tracking.monitor", None, "_pending_traces"),
        ("jaxmagic._tracking.monitor", None, "_note_lowering"),
        ("jaxmagic._tracking.monitor", None, "_take_phases"),
        ("jaxmagic._tracking.stats", None, "phases_of"),
        ("jaxmagic._tracking.stats", "Row", "add_compile"),
        ("jaxmagic._tracking.budget", None, "check_limit"),
        ("jaxmagic._tracking.budget", None, "check_raise"),
    )


def compile_log_steps(quick: bool) -> list[Result]:
    """Issue 18: what ids, phase times, the disk-cache flag and the limit add to each compile of a plain jit."""
    import warnings

    import jaxmagic
    from jaxmagic._tracking import attribution, budget
    from jaxmagic._tracking.stats import registry

    count = 20 if quick else 60
    namespace: dict = {"jnp": jnp}
    exec("def logged_body(x):\n" + _BODY, namespace)
    fn = jax.jit(namespace["logged_body"])
    arrays = [np.ones((2, n), np.float32) for n in range(8, 8 + count)]
    own = _StepTime()
    attribution.activate()
    try:
        with own, JaxEvents() as events, warnings.catch_warnings():
            budget.hold()  # inside: the limit holds the timed check
            warnings.simplefilter("ignore", jaxmagic.RecompileLimitWarning)  # past 8 compiles: said once, built once
            try:
                for array in arrays:
                    jax.block_until_ready(fn(array))
            finally:
                budget.release()
    finally:
        attribution.deactivate()
    compiles = events.compile_seconds["jit(logged_body)"]
    rows = [r for name, r in registry.rows.items() if name.split("@", 1)[0] == "logged_body"]
    row = rows[-1] if rows else None
    counted = row.compiles if row is not None else 0
    per_compile = own.seconds / max(counted, 1)
    backend = spread(compiles).median
    ids_ok = row is not None and [e.id for e in row.events][-1] == f"logged_body#{row.numbered}"
    return [Result(
        "issue 18. per-compile bookkeeping", "ids, trace / lowering / compile seconds, disk-cache flag, limit check: "
        "jaxmagic's time per compile / JAX's backend compile", f"{per_compile / backend:.2%}", "≤ 2% of the compile",
        per_compile <= 0.02 * backend and counted == count and ids_ok,
        f"{per_compile * 1e6:.0f} µs per compile; JAX's backend compile {backend * 1e3:.1f} ms (median); "
        f"{counted} compiles counted of {len(compiles)} JAX reported, limit held (warned once past 8); the whole "
        "listener's share, memory analysis included, is point 7's per-new-trace rows",
    )]


def run(quick: bool) -> list[Result]:
    return per_compile(quick) + compile_log_steps(quick) + storm(quick)
