"""%load_ext / %unload_ext / %reload_ext register and remove exactly what they should."""
from __future__ import annotations

from jaxmagic._tracking import budget as _budget, monitor as _monitor

LINE = ["jittrace", "jittrace_assert", "jittrace_explain", "jittrace_limit", "jittrace_panel", "jittrace_reset",
        "jittrace_save"]
REGISTRY = ["JitTraceMagics", "SaveMagics", "StatsMagics"]
CONFIGURABLES = ["JitTrace", *REGISTRY]  # %config lists them: the settings and the magics


def _listeners_in_jax() -> int:
    """How often jaxmagic's listener is registered with JAX, read from JAX's own list."""
    from jax._src import monitoring as private  # (the test looks at JAX's list; jaxmagic itself does not)

    return sum(1 for cb in private.get_event_duration_listeners() if cb is _monitor._listener)


def _unloaded() -> tuple:
    """Nothing of the extension's: the listener and the limit only where other code holds them (an earlier
    test's ``jaxmagic.track`` or ``watch`` holds the listener for good)."""
    return [], [], [], _listeners_in_jax(), 0, [], _budget._holders


def _loaded(unloaded: tuple) -> tuple:
    """Magics, 1 JAX listener, 1 post_run_cell callback, the configurables, the recompile limit held once more."""
    return LINE, ["jittrace"], REGISTRY, 1, 1, CONFIGURABLES, unloaded[6] + 1


def _ours(ip):
    line = sorted(n for n in ip.magics_manager.magics["line"] if n.startswith("jittrace"))
    cell = [n for n in ip.magics_manager.magics["cell"] if n.startswith("jittrace")]
    registry = sorted(k for k in ip.magics_manager.registry if k in REGISTRY)
    hooks = [c for c in ip.events.callbacks["post_run_cell"] if "jaxmagic" in getattr(c, "__module__", "")]
    configurables = sorted(type(c).__name__ for c in ip.configurables if type(c).__module__.startswith("jaxmagic"))
    return line, cell, registry, _listeners_in_jax(), len(hooks), configurables, _budget._holders


def test_load_registers_and_unload_removes_everything(_ipython):
    ip = _ipython
    unloaded = _unloaded()
    assert _ours(ip) == unloaded
    ip.run_line_magic("load_ext", "jaxmagic")
    assert _ours(ip) == _loaded(unloaded)
    ip.run_line_magic("unload_ext", "jaxmagic")
    assert _ours(ip) == unloaded


def test_reload_three_times_leaves_one_of_each(_ipython):
    ip = _ipython
    unloaded = _unloaded()
    ip.run_line_magic("load_ext", "jaxmagic")
    try:
        for _ in range(3):
            ip.run_line_magic("reload_ext", "jaxmagic")
        assert _ours(ip) == _loaded(unloaded)
        result = ip.run_cell("%%jittrace\ndef f(x):\n    return x\nf(1.0)")
        assert result.success and len(result.result.traces) == 1
    finally:
        ip.run_line_magic("unload_ext", "jaxmagic")
    assert _ours(ip) == unloaded


def test_explain_hook_is_one_callback_and_unload_removes_it(_ipython):
    ip = _ipython
    unloaded = _unloaded()
    before = list(ip.events.callbacks["post_run_cell"])
    ip.run_line_magic("load_ext", "jaxmagic")
    for _ in range(3):  # turning it on again does not add a second callback
        ip.run_line_magic("jittrace_explain", "on")
    assert len(ip.events.callbacks["post_run_cell"]) == len(before) + 2  # panels' refresh + the explainer
    ip.run_line_magic("jittrace_explain", "off")
    assert len(ip.events.callbacks["post_run_cell"]) == len(before) + 1
    ip.run_line_magic("jittrace_explain", "on")
    ip.run_line_magic("unload_ext", "jaxmagic")
    assert ip.events.callbacks["post_run_cell"] == before  # IPython's own behaviour, exactly
    assert _ours(ip) == unloaded


def test_loading_twice_is_harmless(_ipython):
    ip = _ipython
    unloaded = _unloaded()
    ip.run_line_magic("load_ext", "jaxmagic")
    ip.run_line_magic("load_ext", "jaxmagic")
    assert _ours(ip) == _loaded(unloaded)
    ip.run_line_magic("unload_ext", "jaxmagic")
    assert _ours(ip) == unloaded


def test_loading_leaves_widgets_and_the_explanation_engine_for_first_use():
    import subprocess
    import sys

    code = (
        "import sys, jaxmagic\n"
        "from IPython.testing.globalipapp import start_ipython\n"
        "ip = start_ipython(); ip.run_line_magic('load_ext', 'jaxmagic')\n"
        "print(sorted(m for m in ('ipywidgets', 'jaxmagic._explain.explain', 'jaxmagic._explain.fixes.propose') if m in sys.modules))\n"
        "print(jaxmagic.explain.__module__, 'jaxmagic._explain.explain' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]"  # start-up stays small: these load when first needed
    assert out[1] == "jaxmagic._explain.explain True"  # ... and ``jaxmagic.explain`` still is the engine's function
