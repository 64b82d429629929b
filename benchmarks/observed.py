"""Point 7: counting every jit of the process costs nothing on a cached call, and little per new trace.

Once counting is on (``%load_ext jaxmagic``: ``attribution.activate()``)
jaxmagic listens to every jit, not only the ones it made: plain ``jax.jit``,
``flax.nnx.jit`` and ``equinox.filter_jit``. Here "on" and "off" are the same
process with jaxmagic's ``jax.monitoring`` listener registered or not
(``activate``/``deactivate``; whatever counting earlier sections left on is
switched off for the section and restored after it).

"On" is what the extension leaves on: counting, and the recompile limit checked
at each compile (with its compile ids, phase times and disk-cache flag read
at each compile event, issue 18). Part one calls each kind of jit N times per repeat with an already-compiled
signature, counting on and off alternately. Part two calls each with a fresh
shape per call (a new trace, lowering and compile) and times jaxmagic's
listener directly, between two listeners of the benchmark's own registered
just before and just after it, as a share of JAX's backend compile time.
Part three runs one fixed workload of all three kinds with counting on and
off and compares JAX's own trace and compile events, which must be equal.
"""
from __future__ import annotations

import collections
import gc
import time
import warnings
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from _measure import JaxEvents, Result, interleave, ratios, spread
from bookkeeping import _BODY as _PLAIN_BODY  # the function bookkeeping's per-compile row compiles

_POINT = "7. every jit observed"


class _Counting:
    """Switches jaxmagic's counting on and off; starts off, and leaves it as it found it."""

    def __init__(self) -> None:
        from jaxmagic._tracking import attribution, budget, monitor

        self._attribution, self._monitor, self._limit = attribution, monitor, budget
        self._left_on = 0
        self.on = False

    def __enter__(self) -> _Counting:
        while self._attribution._activations:  # what earlier sections (``jaxmagic.track``) left on
            self._attribution.deactivate()
            self._left_on += 1
        return self

    def set(self, on: bool) -> None:
        # "on" is as ``%load_ext jaxmagic`` leaves it: counting, and the recompile limit checked at each compile
        if on and not self.on:
            self._attribution.activate()
            self._limit.hold()
        elif not on and self.on:
            self._attribution.deactivate()
            self._limit.release()
        self.on = on

    @property
    def listener(self) -> Callable:
        """The listener jaxmagic registers with JAX."""
        return self._monitor._listener

    def listening(self) -> int:
        """How many of jaxmagic's listeners JAX calls right now (1 when on, 0 when off)."""
        return self._monitor.installed()

    def __exit__(self, *exc: object) -> None:
        self.set(False)
        for _ in range(self._left_on):
            self._attribution.activate()


def _modules() -> tuple[Any, Any]:
    try:
        from flax import nnx
    except ImportError:
        nnx = None
    try:
        import equinox as eqx
    except ImportError:
        eqx = None
    return nnx, eqx


# ---------------------------------------------------------------- part one: cached calls


def _plain_case() -> tuple[Callable, tuple, int]:
    def add_one(x):
        return x + 1

    return jax.jit(add_one), (jnp.ones(8, jnp.float32),), 1


def _nnx_case(nnx: Any) -> tuple[Callable, tuple, int]:
    @nnx.jit
    def apply(model, x):
        return model(x)

    return apply, (nnx.Linear(8, 8, rngs=nnx.Rngs(0)), jnp.ones((2, 8), jnp.float32)), 20


def _eqx_case(eqx: Any) -> tuple[Callable, tuple, int]:
    @eqx.filter_jit
    def scale(x, factor):
        return x * factor + 1

    return scale, (jnp.ones(8, jnp.float32), 0.5), 5


def cached(quick: bool, counting: _Counting) -> list[Result]:
    nnx, eqx = _modules()
    calls = 5_000 if quick else 20_000
    repeats = 7 if quick else 15
    cases: dict[str, tuple[Callable, tuple, int] | str] = {
        "plain `jax.jit`, `x + 1` on f32[8]": _plain_case(),
        "`flax.nnx.jit`, `nnx.Linear(8, 8)` and f32[2,8]": _nnx_case(nnx) if nnx else "flax is not installed",
        "`equinox.filter_jit`, f32[8] and a Python float": _eqx_case(eqx) if eqx else "equinox is not installed",
    }
    results = []
    for label, case in cases.items():
        if isinstance(case, str):
            results.append(Result(_POINT, f"cached call, {label}: counting on / off", "skipped", "≤ 1.05×", True,
                                  case))
            continue
        fn, args, slower = case  # the wrappers' own Python per call is ~10× a plain jit's: fewer calls
        n = calls // slower
        for on in (False, True):  # compile (and let jaxmagic see the compile) outside the timing
            counting.set(on)
            jax.block_until_ready(fn(*args))
        listening: dict[bool, set[int]] = {False: set(), True: set()}

        def loop(on: bool) -> Callable[[int], float]:
            def timed(_repeat: int) -> float:
                counting.set(on)
                listening[on].add(counting.listening())
                start = time.perf_counter()
                out = None
                for _ in range(n):
                    out = fn(*args)
                jax.block_until_ready(out)
                return time.perf_counter() - start
            return timed

        with JaxEvents() as events:
            times = interleave({"off": loop(False), "on": loop(True)}, repeats)
        counting.set(False)
        ratio = ratios(times["on"], times["off"])
        per_call = spread(times["off"]).median / n
        new = sum(events.traces.values()) + sum(events.compiles.values())
        switched = listening == {False: {0}, True: {1}}
        results.append(Result(
            _POINT, f"cached call, {label}: counting on / off, {n:,} calls",
            ratio.format(), "≤ 1.05×", ratio.median <= 1.05 and new == 0 and switched,
            f"call with counting off {per_call * 1e6:.1f} µs; traces and compiles during the loops: {new}; "
            f"jaxmagic's listener {'registered only when on' if switched else f'NOT as expected: {listening}'}",
        ))
    return results


# ---------------------------------------------------------------- part two: bookkeeping per new trace


class _ListenerTime:
    """jaxmagic's time inside JAX's listener calls: stamped by a listener just before it and one just after.

    JAX calls its duration listeners in the order they were registered, so with
    ``before`` registered, then jaxmagic's (``activate``), then ``after``, the
    time between the two stamps of one event is jaxmagic's whole listener:
    its event filter, the frame walk, the adapters, the signature, the diff
    against history, the row. Nothing of jaxmagic's is patched or wrapped.
    """

    def __init__(self) -> None:
        self.seconds = 0.0
        self.events = 0
        self.compile_seconds = 0.0
        self.compiles = 0
        self.by_kind: collections.Counter[str] = collections.Counter()  # jaxmagic's seconds, at each kind of event
        self.jax_seconds = 0.0  # JAX's own trace, lowering and backend compile of the same calls
        self._start: float | None = None

    def before(self, event: str, duration: float, **kwargs: object) -> None:
        self._start = time.perf_counter()

    def after(self, event: str, duration: float, **kwargs: object) -> None:
        if self._start is not None:
            taken = time.perf_counter() - self._start
            self.seconds += taken
            self.events += 1
            self.by_kind[_KINDS.get(event, "other")] += taken
            self._start = None
        if event in _KINDS:
            self.jax_seconds += duration
        if event.endswith("backend_compile_duration"):
            self.compile_seconds += duration
            self.compiles += 1

    def by_total(self) -> float:
        return sum(self.by_kind.values())

    def reset(self) -> tuple[float, float, int]:
        taken = self.seconds, self.compile_seconds, self.compiles
        self.seconds = self.compile_seconds = 0.0
        self.compiles = self.events = 0
        return taken


_KINDS = {
    "/jax/core/compile/jaxpr_trace_duration": "trace",
    "/jax/core/compile/jaxpr_to_mlir_module_duration": "lower",
    "/jax/core/compile/backend_compile_duration": "compile",
}

def _fresh_plain(per_call: int, count: int) -> tuple[str, Callable[[int], None], int]:
    namespace: dict = {"jnp": jnp}
    exec("def observed_body(x):\n" + _PLAIN_BODY, namespace)
    fn = jax.jit(namespace["observed_body"])
    arrays = iter([np.ones((2, n), np.float32) for n in range(8, 8 + per_call * count + 2)])

    def call(_step: int) -> None:
        jax.block_until_ready(fn(next(arrays)))

    return "plain `jax.jit`, 5 matmuls on f32[2,n]", call, 1


def _fresh_nnx(nnx: Any, per_call: int, count: int) -> tuple[str, Callable[[int], None], int]:
    class Block(nnx.Module):
        def __init__(self, width: int, rngs: Any) -> None:
            self.linear = nnx.Linear(width, width, rngs=rngs)
            self.norm = nnx.LayerNorm(width, rngs=rngs)
            self.drop = nnx.Dropout(0.1, deterministic=True)

        def __call__(self, x):
            return self.drop(nnx.relu(self.norm(self.linear(x))))

    class Model(nnx.Module):
        def __init__(self, width: int, rngs: Any) -> None:
            self.blocks = nnx.List([Block(width, rngs) for _ in range(4)]) if hasattr(nnx, "List") else \
                [Block(width, rngs) for _ in range(4)]
            self.head = nnx.Linear(width, 1, rngs=rngs)

        def __call__(self, x):
            for block in self.blocks:
                x = block(x)
            return self.head(x)

    @nnx.jit
    def loss(model, x):
        return (model(x) ** 2).mean()

    model = Model(16, nnx.Rngs(0))
    leaves = len(jax.tree_util.tree_leaves(nnx.state(model)))
    arrays = iter([np.ones((n, 16), np.float32) for n in range(1, 1 + per_call * count + 2)])

    def call(_step: int) -> None:
        jax.block_until_ready(loss(model, next(arrays)))

    return f"`flax.nnx.jit`, 4 blocks (Linear, LayerNorm, Dropout) + head, {leaves} Variables", call, leaves


def _fresh_eqx(eqx: Any, per_call: int, count: int) -> tuple[str, Callable[[int], None], int]:
    @eqx.filter_jit
    def loss(model, x, scale):
        return (jax.vmap(model)(x) ** 2).mean() * scale

    model = eqx.nn.MLP(16, 1, 16, 4, key=jax.random.PRNGKey(0))
    leaves = len(jax.tree_util.tree_leaves(eqx.filter(model, eqx.is_array)))
    arrays = iter([np.ones((n, 16), np.float32) for n in range(1, 1 + per_call * count + 2)])

    def call(_step: int) -> None:
        jax.block_until_ready(loss(model, next(arrays), 0.5))

    return f"`equinox.filter_jit`, `eqx.nn.MLP` depth 4 ({leaves} arrays), x and a float", call, leaves


def per_trace(quick: bool, counting: _Counting) -> list[Result]:
    nnx, eqx = _modules()
    per_repeat = 2 if quick else 5
    repeats = 5 if quick else 15
    count = 2 * repeats  # calls of each variant, on and off
    makers: list[Callable[[], tuple[str, Callable[[int], None], int]] | str] = [
        lambda: _fresh_plain(per_repeat, count),
        (lambda: _fresh_nnx(nnx, per_repeat, count)) if nnx else "`flax.nnx.jit`: flax is not installed",
        (lambda: _fresh_eqx(eqx, per_repeat, count)) if eqx else "`equinox.filter_jit`: equinox is not installed",
    ]
    from jax import monitoring
    from jax._src import monitoring as _jax_monitoring

    results = []
    for make in makers:
        if isinstance(make, str):
            results.append(Result(_POINT, f"per new trace, {make}", "skipped", "≤ 2% of the compile", True))
            continue
        label, call, _ = make()
        for on in (False, True):  # the first compile of all (helper jits, the library's caches) outside
            counting.set(on)
            call(0)
        counting.set(False)
        timer = _ListenerTime()
        events = JaxEvents().__enter__()  # registered first: its own time falls outside the stamps
        monitoring.register_event_duration_secs_listener(timer.before)
        shares: list[float] = []
        own: list[float] = []
        backend: list[float] = []
        placed: list[bool] = []
        on_compiles = [0]

        def fresh(on: bool) -> Callable[[int], float]:
            def timed(_repeat: int) -> float:
                if on:
                    counting.set(True)  # jaxmagic's listener: after ``before`` ...
                    monitoring.register_event_duration_secs_listener(timer.after)  # ... and before ``after``
                    listeners = _jax_monitoring.get_event_duration_listeners()
                    at = listeners.index(timer.before)
                    placed.append(listeners[at + 1:] == [counting.listener, timer.after])
                timer.reset()
                start = time.perf_counter()
                for step in range(per_repeat):
                    call(step)
                elapsed = time.perf_counter() - start
                if on:
                    _jax_monitoring.unregister_event_duration_listener(timer.after)
                    counting.set(False)
                    seconds, compile_seconds, compiles = timer.reset()
                    on_compiles[0] += compiles
                    own.append(seconds / max(compiles, 1))
                    backend.append(compile_seconds / max(compiles, 1))
                    shares.append(seconds / compile_seconds if compile_seconds else float("inf"))
                return elapsed
            return timed

        try:
            times = interleave({"off": fresh(False), "on": fresh(True)}, repeats)
        finally:
            _jax_monitoring.unregister_event_duration_listener(timer.before)
            events.__exit__()
            counting.set(False)
        share = spread(shares)

        def per_kind(kind: str) -> str:
            return f"{timer.by_kind[kind] / max(on_compiles[0], 1) * 1e3:.2f}"

        wall = ratios(times["on"], times["off"])
        compiles = sum(events.compiles.values())
        traces = sum(events.traces.values())
        expected = 2 * per_repeat * repeats
        results.append(Result(
            _POINT, f"per new trace, {label}: jaxmagic's listener / JAX's backend compile",
            share.format(unit="%", scale=100, digits=2), "≤ 2% of the compile",
            share.median <= 0.02 and compiles >= expected and traces >= expected and all(placed),
            f"jaxmagic {spread(own).median * 1e3:.2f} ms per trace + lower + compile (on average {per_kind('trace')} "
            f"at the trace event, {per_kind('lower')} at lowering, {per_kind('compile')} at the compile, "
            f"{per_kind('other')} at other events), JAX's backend compile {spread(backend).median * 1e3:.1f} ms "
            f"(jaxmagic's total = {timer.by_total() / timer.jax_seconds:.1%} of JAX's trace + lower + compile); "
            f"{traces} traces, {compiles} compiles in {expected} fresh calls; timed directly, between listeners of "
            f"the benchmark's registered just before and just after jaxmagic's"
            f"{'' if all(placed) else ' (NOT in that order in some repeat)'}, because the whole call's wall time "
            f"(on / off {wall.format()}) is too noisy for a 2% target",
        ))
    return results


# ---------------------------------------------------------------- part three: JAX's own counts


def _workload(nnx: Any, eqx: Any) -> Callable[[], None]:
    """One fixed workload of fresh jits of all three kinds: new shapes, a new static, cached calls."""

    def run() -> None:
        def body(x, n):
            return jnp.sin(x) * n

        plain = jax.jit(body, static_argnames="n")
        for shape, n in ((4,), 2), ((4,), 2), ((5,), 2), ((4,), 3), ((4,), 2):
            jax.block_until_ready(plain(jnp.ones(shape), n=n))
        jax.block_until_ready(plain(jnp.ones(4, jnp.int32), n=2))  # a new dtype
        if nnx is not None:
            @nnx.jit
            def forward(model, x):
                return model(x)

            model = nnx.Sequential(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.Dropout(0.5, rngs=nnx.Rngs(1)))
            for batch in (2, 2, 3):
                jax.block_until_ready(forward(model, jnp.ones((batch, 4))))
            model.eval()  # Dropout.deterministic: a new graph definition
            jax.block_until_ready(forward(model, jnp.ones((2, 4))))
        if eqx is not None:
            @eqx.filter_jit
            def scaled(x, factor):
                return x * factor

            for shape, factor in ((3,), 0.5), ((3,), 0.5), ((3,), 2.0), ((6,), 2.0):
                jax.block_until_ready(scaled(jnp.ones(shape), factor))

    return run


def counts(quick: bool, counting: _Counting) -> list[Result]:
    nnx, eqx = _modules()
    repeats = 1 if quick else 5
    run = _workload(nnx, eqx)
    run()  # JAX's helper jits and the libraries' caches, once for all
    counted: dict[str, list[tuple[collections.Counter, collections.Counter]]] = {"off": [], "on": []}

    def variant(on: bool) -> Callable[[int], None]:
        def once(_repeat: int) -> None:
            counting.set(on)
            with JaxEvents() as events:
                run()
            counting.set(False)
            counted["on" if on else "off"].append((events.traces, events.compiles))
        return once

    interleave({"off": variant(False), "on": variant(True)}, repeats)
    gc.collect()
    same = all(a == b for a, b in zip(counted["on"], counted["off"]))
    steady = all(pair == counted["off"][0] for pair in counted["off"] + counted["on"])
    by_name = ", ".join(f"`{name}` {n}/{counted['on'][0][1][f'jit({name})']}" for name, n in sorted(counted["on"][0][0].items()))
    traces_on = [sum(t.values()) for t, _ in counted["on"]]
    traces_off = [sum(t.values()) for t, _ in counted["off"]]
    compiles_on = [sum(c.values()) for _, c in counted["on"]]
    compiles_off = [sum(c.values()) for _, c in counted["off"]]
    kinds = "plain `jax.jit`" + (", `flax.nnx.jit`" if nnx else "") + (", `equinox.filter_jit`" if eqx else "")
    return [Result(
        _POINT, f"JAX's traces and compiles of one workload ({kinds}): counting on vs off",
        f"traces {traces_on[0]} vs {traces_off[0]}, compiles {compiles_on[0]} vs {compiles_off[0]}",
        "equal", same and steady and traces_on[0] > 0,
        f"{repeats} run{'s' if repeats > 1 else ''} each, interleaved; every count by JAX's name equal in every run: "
        f"{'yes' if same and steady else f'NO: on {traces_on}/{compiles_on}, off {traces_off}/{compiles_off}'} "
        f"(traces/compiles: {by_name}); counted by the benchmark's own `jax.monitoring` listener",
    )]


def run(quick: bool) -> list[Result]:
    from jaxmagic import RecompileLimitWarning

    with _Counting() as counting, warnings.catch_warnings():
        # the limit's check runs at every compile of "on"; its one warning per function is not printed here
        warnings.simplefilter("ignore", RecompileLimitWarning)
        return cached(quick, counting) + per_trace(quick, counting) + counts(quick, counting)
