"""Several devices: a subprocess with 8 simulated CPU devices (XLA_FLAGS), as SPEC says."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import jax
import pytest

def _on_eight_devices(script: str) -> dict[str, str]:
    """Run ``script`` with 8 simulated CPU devices; its ``KEY value`` lines, as a dict."""
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    return dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.split(" ", 1)[0].isupper())


# An IPython shell with jaxmagic loaded, recording JAX's events as (event, function) pairs.
SHELL = textwrap.dedent(
    """
    from IPython.testing.globalipapp import start_ipython
    from jax import monitoring
    ip = start_ipython()
    ip.run_line_magic("load_ext", "jaxmagic")
    events = []
    monitoring.register_event_duration_secs_listener(
        lambda name, s, **kw: events.append((name.rsplit("/", 1)[-1], kw.get("fun_name")))
    )
    """
)

SCRIPT = SHELL + textwrap.dedent(
    """
    ip.run_cell(
        "import jax, jax.numpy as jnp\\n"
        "from jax.sharding import NamedSharding, PartitionSpec as P\\n"
        "mesh = jax.make_mesh((8,), ('d',))"
    )
    report = ip.run_cell_magic(
        "jittrace", "",
        "def f(x, y):\\n    return x * 2, y.sum()\\n"
        "f(jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P('d'))), jnp.ones(3))\\n"
        "f(jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P())), jnp.ones(3))",
    )
    text = report.text()
    print("TRACES", events.count(("jaxpr_trace_duration", "f")))
    print("REASON", report.traces[1].reason)
    print("ARG", report.traces[0].arguments[0].sharding, "|", report.traces[0].arguments[1].sharding)
    print("OUT", report.traces[0].outputs[0].sharding)
    print("TABLE", "sharding" in text.split("jaxpr:")[0])
    """
)


@pytest.mark.skipif(tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 10), reason="JAX 0.10 shardings")
def test_argument_and_output_shardings_and_a_sharding_change_with_no_extra_trace():
    lines = _on_eight_devices(SCRIPT)
    assert lines["TRACES"] == "2"  # one trace per signature: the report read both back from JAX's cache
    assert lines["REASON"] == "x: sharding P('d',) on mesh d:8 → P(None,) on mesh d:8"
    assert lines["ARG"] == "P('d',) on mesh d:8 | "  # y lives on one device: no sharding to show
    assert lines["OUT"] == "P('d',) on mesh d:8"
    assert lines["TABLE"] == "True"


AUTO = SHELL + textwrap.dedent(
    """
    ip.run_cell(
        "import jax, jax.numpy as jnp, numpy as np\\n"
        "from jax.sharding import NamedSharding, Mesh, PartitionSpec as P\\n"
        "mesh = Mesh(np.array(jax.devices()), ('d',))"  # Auto axes: JAX compiles again, without a new trace
    )
    ip.run_cell_magic(
        "jittrace", "--quiet",
        "def h(x):\\n    return x * 2\\n"
        "h(jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P('d'))))\\n"
        "h(jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P())))",
    )
    import jaxmagic
    report = jaxmagic.last_report()
    s = jaxmagic.stats("h")
    print("JAX", events.count(("jaxpr_trace_duration", "h")), events.count(("backend_compile_duration", "jit(h)")))
    print("OURS", s.traces, s.compiles)
    print("REASON", s.events[-1].reason)
    print("NOTE", [n for n in report.notes if "without a new trace" in n][0])
    """
)


@pytest.mark.skipif(tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 10), reason="JAX 0.10 shardings")
def test_auto_mesh_placement_change_compiles_without_a_trace_and_is_named():
    lines = _on_eight_devices(AUTO)
    assert lines["JAX"] == "1 2" and lines["OURS"] == "1 2"  # exact, and the report traced nothing more
    assert lines["REASON"] == "x: sharding P('d',) on mesh d:8 → P() on mesh d:8"
    assert lines["NOTE"].startswith("h compiled again without a new trace (same shapes and dtypes): x: sharding")
