"""The package's architecture, checked from its source: rooms, import directions, no cycles.

Every module of ``jaxmagic`` is parsed (not imported), and every import in it
is collected: at module level, inside functions, and under
``if TYPE_CHECKING``. The rules are ARCHITECTURE.md's, in one table.
"""
from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "jaxmagic"

# Which rooms a room may import (its own always); "" is jaxmagic/__init__.py.
ALLOWED = {
    "_common": set(),
    "_render": set(),
    "_tracking": {"_common", "_render.display", "_render.numbers"},
    "_explain": {"_common", "_tracking", "_render.display"},
    "_report": {"_common", "_tracking", "_render.display", "_explain.explanation", "_explain.failures"},
    "_views": {
        "_common", "_render",
        # data, settings and wording only, never an entry point (api, explain, trace_call...)
        "_tracking.stats", "_tracking.advice", "_tracking.signature", "_tracking.changes",
        "_explain.explanation", "_report.entries", "_report.lines",
    },
    "_ipython": {"_common", "_render", "_tracking", "_explain", "_report", "_views"},
    "": {"_tracking", "_explain.explanation", "_report.entries", "_report.lines", "_render.display", "_explain.explain",
         "_ipython", "_common.settings", "_report.compile_log"},
}
# Imports that may stay inside functions: each keeps start-up fast, and says so in a comment.
LAZY = {
    # the saved log's page (its layout, the renderers) loads with the first save
    ("jaxmagic", "jaxmagic._ipython.log_file"),
    ("jaxmagic._ipython.save_magics", "jaxmagic._ipython.log_file"),
    # the explanation engine loads on the first failure
    ("jaxmagic", "jaxmagic._explain.explain"),
    ("jaxmagic._explain.failures", "jaxmagic._explain.explain"),
    ("jaxmagic._explain.failures", "jaxmagic._explain.recover"),
    ("jaxmagic._explain.failures", "jaxmagic._explain.reach.annotated"),
    ("jaxmagic._explain.failures", "jaxmagic._explain.stages.locate"),
    # report.lines and the unrolled-loop analysis load with their first use (the jaxpr walker, the loop detector)
    ("jaxmagic", "jaxmagic._report.lines"),
    ("jaxmagic._report.entries", "jaxmagic._report.lines"),
    ("jaxmagic._tracking.advice", "jaxmagic._common.jaxpr"),
    ("jaxmagic._tracking.advice", "jaxmagic._common.loops"),
    # the renderers load with the first object shown, the panel with the first %jittrace_panel
    ("jaxmagic._render.display", "jaxmagic._render.text"),
    ("jaxmagic._render.display", "jaxmagic._render.html"),
    ("jaxmagic._ipython.stats_magics", "jaxmagic._ipython.panel"),
    ("jaxmagic._ipython.panel", "ipywidgets"),
    # plain-Python users of track() and explain() never import IPython
    ("jaxmagic", "jaxmagic._ipython.state"),
    ("jaxmagic", "jaxmagic._ipython.extension"),
}
FRONT_ONLY = ("IPython", "ipywidgets")  # only _ipython imports these


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_package(path: pathlib.Path) -> bool:
    return path.name == "__init__.py"


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _imports(name: str) -> list[tuple[str, int, bool]]:
    """``(imported module, line, inside a function)`` for every import in module ``name``."""
    path = MODULES[name]
    package = name if _is_package(path) else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(), str(path))
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in MODULES else target, child.lineno, in_function))
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return found


def _room(module: str) -> str:
    """``jaxmagic._explain.fixes.site`` → ``_explain``; ``jaxmagic`` → ""."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _within(target: str, allowed: set[str]) -> bool:
    short = target[len("jaxmagic."):]
    return any(short == a or short.startswith(a + ".") for a in allowed)


def _graph() -> dict[str, set[str]]:
    return {
        name: {t for t, _, _ in _imports(name) if t in MODULES and t != name}
        for name in MODULES
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def connect(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_every_import_goes_the_allowed_way():
    wrong = []
    for name in MODULES:
        room = _room(name)
        for target, line, _ in _imports(name):
            if not target.startswith("jaxmagic") or _room(target) == room or target == "jaxmagic":
                continue
            if not _within(target, ALLOWED[room]):
                wrong.append(f"{name}:{line} imports {target}")
    assert wrong == []


def test_nothing_imports_the_views_or_the_front_but_the_front_and_the_package():
    for name in MODULES:
        for target, line, _ in _imports(name):
            if _room(target) == "_views":
                assert _room(name) in ("", "_views", "_ipython"), f"{name}:{line}"
            if _room(target) == "_ipython":
                assert _room(name) in ("", "_ipython"), f"{name}:{line}"


def test_inside_explain_the_fixes_never_reach_the_pipeline_and_the_data_are_leaves():
    for name in MODULES:
        targets = {t for t, _, _ in _imports(name)}
        if name.startswith("jaxmagic._explain.fixes."):
            assert not targets & {"jaxmagic._explain.explain", "jaxmagic._explain.argument", "jaxmagic._explain.verify"}
        if name in ("jaxmagic._explain.call", "jaxmagic._explain.explanation"):
            assert not {t for t in targets if t.startswith("jaxmagic._explain")}, name


def test_only_the_front_imports_ipython_or_ipywidgets():
    for name in MODULES:
        for target, line, _ in _imports(name):
            if target.split(".")[0] in FRONT_ONLY:
                assert _room(name) == "_ipython", f"{name}:{line} imports {target}"


def test_the_renderer_imports_only_the_standard_library():
    for name in MODULES:
        if _room(name) != "_render":
            continue
        for target, line, _ in _imports(name):
            top = target.split(".")[0]
            assert top in sys.stdlib_module_names or target.startswith("jaxmagic._render"), f"{name}:{line} {target}"


def test_no_import_cycles_between_modules_or_rooms():
    graph = _graph()  # function-level and TYPE_CHECKING imports count too
    assert _cycles(graph) == []
    rooms: dict[str, set[str]] = {}
    for name, targets in graph.items():
        rooms.setdefault(_room(name), set()).update(_room(t) for t in targets if _room(t) != _room(name))
    assert _cycles(rooms) == []


def test_function_level_imports_are_the_listed_lazy_ones_each_with_its_reason():
    found = set()
    for name in MODULES:
        lines = MODULES[name].read_text().splitlines()
        for target, line, inside in _imports(name):
            if not inside:
                continue
            found.add((name, target))
            said = " ".join(lines[max(0, line - 3): line]).lower()
            assert "lazy" in said, f"{name}:{line}: a function-level import without its reason"
    assert found == LAZY


def test_rooms_stay_small_and_say_what_they_hold_and_may_import():
    for package in [p for p in ROOT.rglob("__init__.py") if p.parent != ROOT]:
        modules = [p for p in package.parent.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= 12, package.parent
        doc = ast.get_docstring(ast.parse(package.read_text())) or ""
        assert "May import" in doc, package
    for path in MODULES.values():
        assert len(path.read_text().splitlines()) <= 400, path


def test_every_result_object_has_its_layout():
    import jaxmagic  # noqa: F401 - registers the layouts
    from jaxmagic._render.display import Displayed, registered

    def subclasses(cls: type) -> list[type]:
        return [c for sub in cls.__subclasses__() for c in (sub, *subclasses(sub))]

    shown = subclasses(Displayed)
    assert {c.__name__ for c in shown} >= {"TraceReport", "Explanation", "FunctionStats"}
    assert [c.__name__ for c in shown if not registered(c)] == []


def test_the_engine_imports_neither_ipython_nor_ipywidgets():
    engine = sorted(n for n in MODULES if _room(n) != "_ipython")
    code = (
        "import importlib, sys\n"
        f"for name in {engine!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert len(engine) > 40 and out.strip() == "[]"


def test_no_private_name_crosses_a_module_boundary():
    crossing = []
    for name, path in MODULES.items():
        package = name if _is_package(path) else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom) or not (node.level or (node.module or "").startswith("jaxmagic")):
                continue
            base = package.split(".")[: len(package.split(".")) - max(0, node.level - 1)] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            crossing += [
                f"{name}:{node.lineno} {alias.name}" for alias in node.names
                if alias.name.startswith("_") and f"{target}.{alias.name}" not in MODULES and alias.name != "__future__"
            ]
    assert crossing == []
