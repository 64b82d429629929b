"""Point 7: what ``import jaxmagic`` and ``%load_ext jaxmagic`` add to a session that has JAX.

Each sample is a fresh interpreter that imports JAX and starts an IPython
shell, then times ``import jaxmagic`` and ``%load_ext jaxmagic``; the same
process times ``import jax`` for scale. It also checks that ipywidgets and
the explanation engine are left for first use.
"""
from __future__ import annotations

from _measure import Result, run_python, spread

_PROGRAM = """
import json, sys, time
start = time.perf_counter()
import jax, jax.numpy
jax_seconds = time.perf_counter() - start
from IPython.testing.globalipapp import start_ipython
shell = start_ipython()
start = time.perf_counter()
import jaxmagic
imported = time.perf_counter() - start
shell.run_line_magic("load_ext", "jaxmagic")
loaded = time.perf_counter() - start
print(json.dumps({"jax": jax_seconds, "import": imported, "load": loaded,
                  "lazy": [m for m in ("ipywidgets", "jaxmagic._explain.explain") if m not in sys.modules]}))
"""


def run(quick: bool) -> list[Result]:
    samples = [run_python(_PROGRAM) for _ in range(3 if quick else 9)]
    load = spread([s["load"] for s in samples])
    imported = spread([s["import"] for s in samples])
    jax_import = spread([s["jax"] for s in samples])
    lazy = all(len(s["lazy"]) == 2 for s in samples)
    return [Result(
        "7. start-up", "`import jaxmagic` + `%load_ext jaxmagic`, after `import jax` (fresh interpreters)",
        load.format(" ms", 1e3, 0), "≤ 100 ms", load.median <= 0.1 and lazy,
        f"import alone {imported.median * 1e3:.0f} ms; `import jax` itself {jax_import.median * 1e3:.0f} ms; "
        f"ipywidgets and the explanation engine {'load on first use' if lazy else 'LOADED EAGERLY'}",
    )]
