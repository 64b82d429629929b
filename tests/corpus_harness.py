"""Run a corpus case through jaxmagic.explain the way a user would meet it.

The case's cell is registered with :mod:`linecache` under a file name of its
own (as IPython does for cells), every statement but the last is executed,
and the last one — the failing call — is taken apart with :mod:`ast` so that
the callee and its arguments are known, as ``explain`` expects them.
"""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import json
import linecache
import os
import re
import sys
import time
import types
import zlib
from pathlib import Path
from typing import Any

import jaxmagic
from jaxmagic._explain.explain import explained
from jaxmagic._explain.failures import _find_call
from explain_corpus import Case

import jax

# A library that turns float64 on when first imported (pyhf's and pymanopt's JAX backends) does so once per
# process; a case runs as in a fresh kernel: with the start's setting, or float64 when it imports one of them.
_X64_AT_START = bool(jax.config.jax_enable_x64)
_SETS_X64: set[str] = set()


def _imported(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names

_ARGUMENT_PHRASES = (
    re.compile(r"depends on the values? of the arguments? ([^.]+)\."),
    re.compile(r"at path (\S+?)\.?$", re.M),
)


@dataclasses.dataclass
class Outcome:
    case: Case
    exception: BaseException | None
    explanation: Any
    seconds: float = 0.0  # how long the failing statement itself ran, to the exception (a fresh module's run)

    @property
    def jax_names_argument(self) -> bool:
        """Whether JAX's own message names the responsible argument."""
        if self.exception is None or self.case.argument is None:
            return False
        text = str(self.exception)
        for pattern in _ARGUMENT_PHRASES:
            for match in pattern.finditer(text):
                if re.search(rf"\b{re.escape(self.case.argument)}\b", match.group(1)):
                    return True
        return False


def leak_case(case_id: str, source: str, code: str, line: int, argument: str, jax_fitting_fix: bool = True) -> Case:
    """A leaked-tracer case whose fix is to return the value (``line``: where it is stored)."""
    return Case(id=case_id, source=source, code=code, kind="leaked-tracer", argument=argument, path=argument,
                line=line, fixes=("return-value",), verifiable=True, jax_fitting_fix=jax_fitting_fix)


def fix_case(case_id: str, source: str, code: str, kind: str, argument: str, line: int, fix: str) -> Case:
    """A case whose argument is a whole parameter and whose one acceptable first fix is verifiable."""
    return Case(id=case_id, source=source, code=code, kind=kind, argument=argument, path=argument, line=line,
                fixes=(fix,), verifiable=True, jax_fitting_fix=False)


def filename_of(case: Case) -> str:
    return f"/jaxmagic-corpus/{case.id}.py"


@contextlib.contextmanager
def _filtering(mode: str):
    before = jax.config.jax_traceback_filtering
    jax.config.update("jax_traceback_filtering", mode)
    try:
        yield
    finally:
        jax.config.update("jax_traceback_filtering", before)


def as_in_a_kernel():
    """JAX's traceback filtering as a kernel has it: under IPython JAX keeps its own frames in a traceback
    (marked hidden), where a script's tracebacks lose them; explanations read the failing value there."""
    return _filtering("tracebackhide")


def as_in_a_script():
    """JAX's traceback filtering as a script has it (its own frames removed), whatever IPython shell an
    earlier test left behind."""
    return _filtering("quiet_remove_frames")


def tried(found: Any) -> list:
    """Each fix of an explanation as (kind, verified, outcome): what a failed assertion shows."""
    return [(f.kind, f.verified, f.outcome) for f in found.fixes]


def explained_cell(case_id: str, source: str, code: str, folder: Path) -> Any:
    """The explanation of ``code``'s failing last statement, run as a kernel runs a cell (its source cited as
    ``source``); it must have one."""
    case = Case(id=case_id, source=source, code=code, kind="", argument=None, path=None, line=1, fixes=(),
                verifiable=False, jax_fitting_fix=False)
    with as_in_a_kernel():
        found = run_case(case, folder).explanation
    assert found is not None
    return found


def run_case(case: Case, folder: Path | None = None) -> Outcome:
    """Run ``case`` and explain its error; with ``folder``, its cell is a file on disk there, named as
    ipykernel names a cell's file (``ipykernel_<pid>/<hash>.py``) and read back by linecache itself."""
    if folder is None:
        filename = filename_of(case)
        linecache.cache[filename] = (len(case.code), None, case.code.splitlines(True), filename)
    else:
        cell = folder / f"ipykernel_{os.getpid()}" / f"{zlib.crc32(case.code.encode())}.py"
        cell.parent.mkdir(parents=True, exist_ok=True)
        cell.write_text(case.code)
        filename = str(cell)
        linecache.checkcache(filename)
    tree = ast.parse(case.code, filename)
    *setup, last = tree.body
    module = types.ModuleType(f"jaxmagic_corpus_{case.id.replace('-', '_')}")
    module.__file__ = filename
    sys.modules[module.__name__] = module  # dataclasses look their module up
    namespace = module.__dict__
    imported = _imported(tree)
    jax.config.update("jax_enable_x64", _X64_AT_START or bool(imported & _SETS_X64))
    before = set(sys.modules)
    exec(compile(ast.Module(setup, []), filename, "exec", dont_inherit=True), namespace)
    if bool(jax.config.jax_enable_x64) != _X64_AT_START and not imported & _SETS_X64:
        _SETS_X64.update(imported & {name.split(".")[0] for name in set(sys.modules) - before} - {"jax", "jaxlib"})
    # the failing call, alone or as the last statement of a ``with`` block (a setting on for that call only:
    # ``with jax.enable_checks(True):``); its callee and arguments are read before the block runs
    inner = last.body[-1] if isinstance(last, ast.With) and last.body else last
    # a call alone or assigned (``samples = flow.sample(...)``); any other statement (a ``for`` loop over
    # epochs) is explained from the exception alone, as for a user who has no call to hand
    call = getattr(inner, "value", None) if isinstance(inner, (ast.Expr, ast.Assign, ast.AnnAssign)) else None

    def value(node: ast.expr) -> Any:
        return eval(compile(ast.Expression(node), filename, "eval", dont_inherit=True), namespace)

    callee, args, kwargs, read = None, (), {}, False
    start = time.perf_counter()
    try:
        if isinstance(call, ast.Call):  # read first; an argument that raises itself is the case's error
            callee = value(call.func)
            args = tuple(x for a in call.args for x in (value(a.value) if isinstance(a, ast.Starred) else [value(a)]))
            kwargs = {name: v for k in call.keywords
                      for name, v in (value(k.value).items() if k.arg is None else [(k.arg, value(k.value))])}
            read = True
        exec(compile(ast.Module([last], []), filename, "exec", dont_inherit=True), namespace)
    except Exception as exc:  # noqa: BLE001 - the case's own error
        if callee is not None and not read:
            callee, args, kwargs = None, (), {}  # it raised while its arguments were read: no call to hand
        if callee is None:  # a comprehension, an argument that raised: explained as the kernel's hook explains
            # a failed cell (the call read back from the traceback, the failing trace run again), which is what a
            # user meets in a notebook; public explain() without a call verifies nothing (SPEC)
            seconds = time.perf_counter() - start
            fn, args, kwargs = _find_call(exc, None)
            if isinstance(fn, types.MethodType):
                fn, args = fn.__func__, None if args is None else (fn.__self__, *args)
            return Outcome(case, exc, explained(exc, fn, args, kwargs, None, None, ran_here=True), seconds)
        fn = callee
        if isinstance(callee, types.MethodType):
            fn, args = callee.__func__, (callee.__self__, *args)
        seconds = time.perf_counter() - start
        return Outcome(case, exc, jaxmagic.explain(exc, fn, args, kwargs), seconds)
    return Outcome(case, None, None)


def install_library(tmp_path: Path, monkeypatch: Any, name: str, source: str) -> None:
    """Write ``source`` as the package ``name`` into a temporary ``site-packages`` put on ``sys.path``: jaxmagic
    reads it as an installed library, as it reads one installed by pip."""
    library = tmp_path / "lib" / "python3" / "site-packages" / name
    library.mkdir(parents=True)
    (library / "__init__.py").write_text(source)
    monkeypatch.syspath_prepend(str(library.parent))


def install_library_from_clone(tmp_path: Path, monkeypatch: Any, name: str, source: str) -> Path:
    """Write ``source`` as the package ``name`` into a clone folder, installed in development mode as pip does it
    (``pip install -e``: the package stays in its clone, and ``site-packages`` holds a ``direct_url.json`` marked
    editable that names the clone); the clone's folder is returned."""
    clone = tmp_path / "clones" / name
    (clone / name).mkdir(parents=True)
    (clone / name / "__init__.py").write_text(source)
    record = tmp_path / "lib" / "python3" / "site-packages" / f"{name}-0.1.dist-info"
    record.mkdir(parents=True)
    (record / "direct_url.json").write_text(json.dumps({"url": clone.as_uri(), "dir_info": {"editable": True}}))
    monkeypatch.syspath_prepend(str(clone))
    monkeypatch.syspath_prepend(str(record.parent))
    return clone
