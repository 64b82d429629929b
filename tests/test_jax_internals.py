"""Where jaxmagic reads JAX's private state: one module per concern, each checked against the installed JAX.

jaxmagic must read some of JAX's internals (the frames that hold the call JAX is compiling, its
tracing context, its jaxpr printer). Each concern is read in exactly one module (:data:`READERS`),
so a JAX release that changes them breaks that module alone; each test below exercises one reader
against the installed JAX and, when it fails, names the module to mend. Everything else uses JAX's
public API: ``jax.monitoring``'s listeners (registered and removed with its public functions) and
the names ``jax.core`` still exports.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import jax
import jax.numpy as jnp

PACKAGE = Path(__file__).resolve().parent.parent / "jaxmagic"

# the only modules that may import ``jax._src``: the concern each one reads
READERS = {
    "_tracking/compiling/jax_frames.py": "JAX's call frames: the call being traced, lowered or compiled",
    "_common/jax_config.py": "JAX's configuration: its tracing context and traceback filtering",
    "_common/jaxpr.py": "JAX's jaxpr printer and each equation's source line",
    "_explain/retrace/trace_cache.py": "jax.jit's trace cache: the abstract arguments each function was traced with",
}


def _imports_of_jax_private(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("jax._src"):
            found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if a.name.startswith("jax._src")]
        elif isinstance(node, ast.Attribute) and ast.unparse(node).startswith("jax._src."):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_only_the_readers_touch_jax_private_modules():
    outside = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative not in READERS and (found := _imports_of_jax_private(path)):
            outside[relative] = found
    assert outside == {}, f"read JAX's internals through one of {sorted(READERS)}: {outside}"
    for relative in READERS:
        assert _imports_of_jax_private(PACKAGE / relative), f"{relative} is listed as a reader but reads nothing"


def test_names_taken_from_jax_core_are_ones_it_still_exports():
    """JAX 0.11 removed many names from ``jax.core``; jaxmagic uses only the ones still there."""
    used = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "jax.core":
                used.add(node.attr)
            if isinstance(node, ast.ImportFrom) and node.module == "jax.core":
                used |= {a.name for a in node.names}
    missing = sorted(name for name in used if not hasattr(jax.core, name))
    assert not missing, f"jax {jax.__version__} has no jax.core.{missing}"


def test_listeners_are_added_and_removed_with_jax_public_functions():
    from jax._src import monitoring as private  # (the test may look at JAX's list; jaxmagic does not)

    from jaxmagic._tracking import monitor

    listeners = private.get_event_duration_listeners
    before = sum(1 for cb in listeners() if cb is monitor._listener)
    monitor.install()
    try:
        assert sum(1 for cb in listeners() if cb is monitor._listener) == 1
    finally:
        monitor.uninstall()
    after = sum(1 for cb in listeners() if cb is monitor._listener)
    assert after == before, "jaxmagic/_tracking/monitor.py: its listener stayed with JAX after uninstall"


def _at_each_event(function, *args):
    """Run ``function(*args)`` under jit, calling the readers inside JAX's own events; what each returned."""
    from jax import monitoring

    from jaxmagic._tracking.compiling import jax_frames

    seen: dict[str, object] = {}

    def listener(name, seconds, **kwargs):
        frame = sys._getframe(1)
        if name.endswith("jaxpr_trace_duration"):
            call = jax_frames.find_jax_call(frame)
            seen["trace"] = call
            seen["arguments"] = jax_frames.call_arguments(call.frame) if call is not None else None
            seen["stack"] = [f for _, f in jax_frames.functions_on_stack(frame)]
        elif name.endswith("jaxpr_to_mlir_module_duration"):
            seen["lowering"] = jax_frames.lowering(frame)
            call = jax_frames.find_jax_call(frame)
            seen["stage"] = jax_frames.stage_of(call.params, call.args_flat) if call is not None else None
        elif name.endswith("backend_compile_duration"):
            seen["compiling"] = jax_frames.compiling(frame)

    monitoring.register_event_duration_secs_listener(listener)
    try:
        jax.jit(function, static_argnames="n")(*args, n=2)
    finally:
        monitoring.unregister_event_duration_listener(listener)
    return seen


def test_the_frame_reader_finds_the_call_the_lowering_and_the_compile():
    where = "jaxmagic/_tracking/compiling/jax_frames.py"

    def probe_internals(x, n):
        return jnp.sin(x) * n

    seen = _at_each_event(probe_internals, jnp.ones(3))
    call = seen.get("trace")
    assert call is not None, f"{where}: find_jax_call no longer finds the traced call in jax {jax.__version__}"
    assert call.fun is probe_internals and call.static_argnames == ("n",) and call.jaxpr is not None, (
        f"{where}: the call read from JAX's tracing frame lacks its function, static options or jaxpr")
    assert seen["arguments"] is not None and seen["arguments"][1] == {"n": 2}, (
        f"{where}: call_arguments no longer reads the call's arguments")
    assert probe_internals in seen["stack"], f"{where}: functions_on_stack no longer sees the function"
    module, avals = seen.get("lowering", (None, ()))
    assert module is not None and [a.shape for a in avals] == [(3,)], (
        f"{where}: lowering() no longer reads the module and its arguments' avals")
    assert seen.get("stage") is not None, f"{where}: stage_of can no longer rebuild JAX's Traced stage"
    module, executable = seen.get("compiling", (None, None))
    assert module is not None and executable is not None, (
        f"{where}: compiling() no longer reads the module and the executable")


def test_the_config_reader_reads_the_tracing_context_and_filtering():
    from jaxmagic._common import jax_config

    where = "jaxmagic/_common/jax_config.py"
    before = jax_config.trace_context()
    # a library may set the precision at import (dynamax sets "float32"): change it to another value
    other = "highest" if jax.config.jax_default_matmul_precision == "float32" else "float32"
    with jax.default_matmul_precision(other):
        during = jax_config.trace_context()
    assert before != during, f"{where}: trace_context() misses jax_default_matmul_precision"
    try:
        names = jax_config.trace_context_names()
    except AttributeError:  # JAX 0.8 does not name the entries (jaxmagic then says "a JAX setting")
        assert tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 10), f"{where}: names are gone"
    else:
        assert len(names) == len(during) and "jax_default_matmul_precision" in names, (
            f"{where}: trace_context_names() no longer names the context's entries")
    with jax_config.traceback_filtering_off():
        assert jax.config.jax_traceback_filtering == "off", f"{where}: traceback_filtering_off() has no effect"


def test_the_jaxpr_reader_prints_equations_and_places_them():
    from jaxmagic._common.jaxpr import EquationPrinter, place_of, print_jaxpr

    where = "jaxmagic/_common/jaxpr.py"

    def probe_lines(x):
        y = jnp.cos(x)
        return y + 1.0

    closed = jax.make_jaxpr(probe_lines)(jnp.ones(2))
    text, names = print_jaxpr(closed)
    assert "cos" in text and names, f"{where}: print_jaxpr no longer catches the names JAX printed"
    printer = EquationPrinter(names)
    first = printer.equation(closed.jaxpr.eqns[0])
    assert first.endswith(f"cos {names[closed.jaxpr.invars[0]]}"), f"{where}: EquationPrinter prints {first!r}"
    place = place_of(closed.jaxpr.eqns[0], __file__)
    assert place is not None and place[1] == probe_lines.__code__.co_firstlineno + 1, (
        f"{where}: place_of no longer finds an equation's source line")


def test_the_trace_cache_reader_gives_back_each_call_abstractly():
    where = "jaxmagic/_explain/retrace/trace_cache.py"
    from functools import partial

    from jaxmagic._explain.retrace.trace_cache import traced_calls

    @partial(jax.jit, static_argnums=1, static_argnames="n")
    def cached_probe(tree, mode, y, n=None):
        return tree["a"] * n

    cached_probe({"a": jnp.ones(3), "b": (jnp.zeros(2, jnp.int32),)}, "fast", y=jnp.ones(1), n=3)
    [found] = traced_calls(lambda code: code is cached_probe.__wrapped__.__code__)
    assert found.fn is cached_probe.__wrapped__, f"{where}: the traced function is not read in jax {jax.__version__}"
    tree, mode = found.args
    assert mode == "fast" and found.kwargs["n"] == 3, f"{where}: static values misplaced in jax {jax.__version__}"
    assert (tree["a"].shape, tree["b"][0].dtype, found.kwargs["y"].shape) == ((3,), jnp.int32, (1,)), where
    assert found.static_argnums == (1,) and "n" in found.static_argnames, where
    jax.jit(cached_probe.__wrapped__, static_argnums=1, static_argnames="n").trace(*found.args, **found.kwargs)
