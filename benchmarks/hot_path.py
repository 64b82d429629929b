"""Point 1: a tracked function's cached call costs what ``jax.jit``'s does.

The same tiny function, jitted bare and tracked (``jaxmagic.track``, which is
what a ``%%jittrace`` cell does), is called N times per repeat with an
already-compiled signature; the two loops alternate. Three shapes of call: one
array, an array with a static argument, and a pytree (dict of a tuple).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from _measure import Result, interleave, ratios


def _one_array(x):
    return x + 1


def _with_static(x, n):
    return x * n + 1


def _pytree(p):
    return {"y": p["w"] + p["b"][0], "z": p["b"][1] * 2}


def run(quick: bool) -> list[Result]:
    import jaxmagic

    calls = 5_000 if quick else 20_000
    repeats = 5 if quick else 15
    x = jnp.ones(8, jnp.float32)
    tree = {"w": x, "b": (x, x)}
    cases = {
        "one array, `x + 1` on f32[8]": (_one_array, {}, (x,), {}),
        "with a static argument": (_with_static, {"static_argnames": "n"}, (x,), {"n": 3}),
        "pytree argument (dict of a tuple)": (_pytree, {}, (tree,), {}),
    }
    results = []
    for label, (fn, static, args, kwargs) in cases.items():
        bare = jax.jit(fn, **static)
        tracked = jaxmagic.track(fn, name=f"bench_{fn.__name__}", **static)
        for f in (bare, tracked):  # compile outside the timing
            jax.block_until_ready(f(*args, **kwargs))
        compiles_before = jaxmagic.stats(f"bench_{fn.__name__}").compiles

        def loop(f):
            def timed(_repeat: int) -> None:
                out = None
                for _ in range(calls):
                    out = f(*args, **kwargs)
                jax.block_until_ready(out)
            return timed

        times = interleave({"bare": loop(bare), "tracked": loop(tracked)}, repeats)
        ratio = ratios(times["tracked"], times["bare"])
        per_call = sorted(times["bare"])[len(times["bare"]) // 2] / calls
        extra = jaxmagic.stats(f"bench_{fn.__name__}").compiles - compiles_before
        same_type = type(tracked) is type(bare)  # a real jax.jit object: cached calls never reach Python
        results.append(Result(
            "1. hot path", f"{label}: tracked / bare, {calls:,} cached calls",
            ratio.format(), "≤ 1.05×", ratio.median <= 1.05 and extra == 0 and same_type,
            f"bare call {per_call * 1e6:.1f} µs; compiles during the loop: {extra}; "
            f"tracked is {'a' if same_type else 'NOT a'} `{type(bare).__name__}` like bare",
        ))
    return results
