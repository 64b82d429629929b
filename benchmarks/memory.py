"""Point 6: resident memory of a tracked function over many compiles, against bare ``jax.jit``.

Each variant runs in a fresh interpreter with an IPython shell: the function
is defined (in a ``%%jittrace`` cell for the tracked variant, jitted bare
otherwise), warmed up, and then called on 10 MB float32 arrays of a new shape
each call. The growth of resident memory over those calls is compared:
JAX's compiled executables and caches are the baseline, and whatever jaxmagic
keeps per compile comes on top. Variants alternate (bare, tracked, tracked,
bare, ...) so that drift on the machine hits both.

glibc's malloc raises its mmap threshold after each large free, after which
10 MB buffers come from the heap and fragment it: resident growth over the
same 100 calls then ranged from 140 to 910 MB between identical runs. Both
variants therefore run with a fixed threshold (and two arenas), which made
identical runs agree to within 1 MB.
"""
from __future__ import annotations

from _measure import Result, ratios, run_python, spread

_PROGRAM = """
import gc, json, os, sys
import numpy as np

def resident():
    gc.collect()
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

from IPython.testing.globalipapp import start_ipython
shell = start_ipython()
shell.run_cell("import jax, jax.numpy as jnp, numpy as np", silent=True)
body = "    return (x * 2 + 1).sum()\\n"
if {tracked}:
    shell.run_line_magic("load_ext", "jaxmagic")
    shell.run_cell("%%jittrace --quiet\\ndef step(x):\\n" + body + "step(np.ones(8, np.float32));", silent=True)
else:
    shell.run_cell("def plain(x):\\n" + body + "step = jax.jit(plain)\\nstep(np.ones(8, np.float32));", silent=True)
# distinct shapes of exactly 2,500,000 float32 elements (10 MB): every buffer has the same size,
# so the allocator reuses it and the growth is what the compiles keep
def factorizations(n, parts):
    if parts == 1:
        return [(n,)]
    divisors = [d for d in range(1, int(n ** 0.5) + 1) if n % d == 0]
    divisors = sorted(set(divisors + [n // d for d in divisors]))
    return [(d, *rest) for d in divisors for rest in factorizations(n // d, parts - 1)]
shapes = factorizations(2_500_000, 3) + factorizations(2_500_000, 4)
shell.user_ns["shapes"] = shapes[:16 + {calls}]
shell.run_cell("for shape in shapes[:16]:\\n    jax.block_until_ready(step(np.ones(shape, np.float32)))", silent=True)
before = resident()
result = shell.run_cell("for shape in shapes[16:]:\\n    jax.block_until_ready(step(np.ones(shape, np.float32)))",
                        silent=True)
assert result.success, result.error_in_exec
after = resident()
compiles = None
if {tracked}:
    import jaxmagic
    compiles = jaxmagic.stats("step").compiles
print(json.dumps({{"growth": after - before, "compiles": compiles}}))
"""


_MALLOC = {"MALLOC_MMAP_THRESHOLD_": str(1 << 20), "MALLOC_ARENA_MAX": "2"}


def run(quick: bool) -> list[Result]:
    calls = 100 if quick else 1000
    order = ["bare", "tracked"] if quick else ["bare", "tracked", "tracked", "bare"]
    growth: dict[str, list[float]] = {"bare": [], "tracked": []}
    compiles = []
    for variant in order:
        found = run_python(_PROGRAM.format(tracked=variant == "tracked", calls=calls), env=_MALLOC)
        growth[variant].append(found["growth"])
        if found["compiles"] is not None:
            compiles.append(found["compiles"])
    ratio = ratios(growth["tracked"], growth["bare"])
    bare, tracked = spread(growth["bare"]), spread(growth["tracked"])
    per_compile = (tracked.median - bare.median) / calls
    return [Result(
        "6. memory", f"{calls:,} calls on 10 MB arrays of distinct shapes: resident growth, tracked / bare",
        ratio.format(), "≤ 1.1×", ratio.median <= 1.1 and all(c == calls + 17 for c in compiles),
        f"bare {bare.median / 1e6:.1f} MB, tracked {tracked.median / 1e6:.1f} MB "
        f"(≈ {per_compile / 1e3:+.1f} kB per compile); compiles counted: {sorted(set(compiles))}",
    )]
