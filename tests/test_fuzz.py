"""Fuzzing: hundreds of generated programs through ``%%jittrace`` and ``explain``, against plain ``jax.jit``.

Invariants, for every program (see ``fuzz_programs.py`` for what is generated):
- jaxmagic raises nothing of its own: an error that leaves a cell is the user's own, of the type plain
  ``jax.jit`` raises for the same program;
- the original exception is always there: ``report.error.exception`` (same type as plain ``jax.jit``'s),
  or re-raised unchanged with ``--raise``;
- a program that runs under plain ``jax.jit`` is never reported as an error;
- ``explain`` answers every error without raising, None exactly for non-tracing errors;
- a fix marked verified works when applied independently of jaxmagic's own verifier: a static fix by
  re-jitting, a code fix by splicing its code into the source text at its position.

``JAXMAGIC_FUZZ_EXAMPLES`` sets the number of programs (default 500); under CI the examples are
derandomized, so a landing never depends on luck.
"""
from __future__ import annotations

import ast
import collections
import inspect
import itertools
import os
import traceback

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from IPython.utils.capture import capture_output

import jaxmagic
from fuzz_programs import FAMILIES, Program, programs
from jaxmagic._common.errors import tracing_kind

EXAMPLES = int(os.environ.get("JAXMAGIC_FUZZ_EXAMPLES", "500"))
JAXMAGIC_DIR = os.path.dirname(os.path.abspath(jaxmagic.__file__))
_numbers = itertools.count()
SEEN: collections.Counter = collections.Counter()  # (family, outcome) -> programs, for the summary


def _fresh(program: Program, name: str, tag: str) -> dict:
    """A namespace where ``program`` is defined (not jitted) from a file of its own, with its inputs."""
    import linecache

    filename = f"/jaxmagic-fuzz/{tag}/{name}.py"  # a path, as IPython names cells: explain reads it back
    linecache.cache[filename] = (len(program.source), None, program.source.splitlines(True), filename)
    namespace: dict = {"jax": jax, "jnp": jnp, "np": np, "__name__": f"fuzz_{tag}"}
    for key, build in program.inputs.items():
        namespace[key] = eval(build, namespace)  # noqa: S307 - our own generated source
    exec(compile(program.source, filename, "exec"), namespace)  # noqa: S102
    return namespace


def _run_plain(program: Program, name: str, tag: str, source: str | None = None) -> tuple[BaseException | None, dict]:
    """Run the program's calls under plain ``jax.jit``: the reference answer."""
    if source is not None:
        program = Program(program.family, source, program.call, program.inputs, program.static)
    namespace = _fresh(program, name, tag)
    namespace["__raw__"] = namespace[name]
    namespace[name] = jax.jit(namespace[name], static_argnames=program.static or None)
    try:
        exec(compile(program.call, f"<fuzz-call-{tag}-{name}>", "exec"), namespace)  # noqa: S102
    except Exception as exc:  # noqa: BLE001 - the program's own error is the answer
        return exc, namespace
    return None, namespace


def _first_call(program: Program, namespace: dict, name: str) -> tuple[tuple, dict]:
    line = program.call.splitlines()[0]
    call = ast.parse(line, mode="eval").body
    assert isinstance(call, ast.Call) and getattr(call.func, "id", None) == name

    def value(node: ast.expr):
        return eval(compile(ast.Expression(node), "<fuzz-args>", "eval"), namespace)  # noqa: S307

    return tuple(value(a) for a in call.args), {k.arg: value(k.value) for k in call.keywords}


def _not_ours(exc: BaseException) -> bool:
    """The exception was not raised by jaxmagic's own code (its innermost frame is elsewhere)."""
    frames = traceback.extract_tb(exc.__traceback__)
    return not frames or not frames[-1].filename.startswith(JAXMAGIC_DIR)


def _splice(source: str, target: ast.AST, code: str) -> str:
    """``source`` with the text at ``target``'s position replaced by ``code`` (continuations re-indented)."""
    lines = source.splitlines(True)
    first, last = target.lineno - 1, target.end_lineno - 1

    def chars(line: str, offset: int) -> int:  # ast's offsets count UTF-8 bytes
        return len(line.encode()[:offset].decode())

    start, end = chars(lines[first], target.col_offset), chars(lines[last], target.end_col_offset)
    indent = " " * start
    before, after = lines[first][:start], lines[last][end:]
    replacement = code.replace("\n", "\n" + indent)
    return "".join(lines[:first]) + before + replacement + after + "".join(lines[last + 1:])


def _check_fix_independently(program: Program, name: str, fix, args: tuple, kwargs: dict) -> str:
    """Apply a verified fix without jaxmagic and run it; the outcome label."""
    from jaxmagic._explain.fixes.site import Static
    from jaxmagic._explain.fixes.rewrites import Edit

    recipe = fix.recipe
    if isinstance(recipe, Static):
        namespace = _fresh(program, name, "fix")
        static = (set(program.static) | set(recipe.add)) - set(recipe.remove)
        kwargs = {**kwargs, **{k: v for k, v in recipe.replace.items() if k in kwargs}}
        # a value given positionally (``jnp.int32(0)`` to be passed as ``0``): replaced at its parameter's place
        params = list(inspect.signature(namespace[name]).parameters)[:len(args)]
        args = tuple(recipe.replace.get(p, a) for p, a in zip(params, args)) + tuple(args[len(params):])
        unplaced = [p for p in recipe.replace if p not in kwargs and p not in params]
        assert not unplaced, f"static fix replaces an argument the call does not give: {unplaced}"
        jax.block_until_ready(jax.jit(namespace[name], static_argnames=tuple(static) or None)(*args, **kwargs))
        return "static fix ran"
    if isinstance(recipe, Edit):
        source = _splice(program.source, recipe.target, fix.code)
        error, _ = _run_plain(Program(program.family, source, program.call.splitlines()[0], program.inputs,
                                      program.static), name, "fixed")
        assert error is None, f"verified fix {fix.code!r} fails when applied:\n{source}\n{type(error).__name__}: {error}"
        return "code fix ran"
    return "not checkable"


def _check_program(shell, program: Program, name: str, number: int) -> None:
    reference, plain = _run_plain(program, name, "ref")
    kind = tracing_kind(reference) if reference is not None else None
    inputs = "\n".join(f"{k} = {v}" for k, v in program.inputs.items())
    shell.ip.run_cell(inputs)
    with capture_output():
        result = shell.ip.run_cell(program.cell(" --quiet"), store_history=False)
    raised = result.error_before_exec or result.error_in_exec
    report = jaxmagic.last_report()
    cell = program.cell()
    if raised is not None:
        assert reference is not None, f"a valid program raised under %%jittrace:\n{cell}\n{raised!r}"
        assert type(raised) is type(reference) and _not_ours(raised), f"{cell}\nraised {raised!r}, plain {reference!r}"
        assert kind is None, f"a tracing error left the cell instead of being reported:\n{cell}\n{raised!r}"
        outcome = "user error re-raised"
    elif reference is None:
        assert report is not None and report.error is None, f"a valid program reported as an error:\n{cell}"
        assert all(t.error is None for t in report.traces), f"a valid program has a failed trace:\n{cell}"
        outcome = "valid"
    else:
        assert kind is not None, f"plain jit raised {reference!r} but %%jittrace raised nothing:\n{cell}"
        assert report.error is not None and type(report.error.exception) is type(reference), (
            f"{cell}\nreport error {report.error!r}, plain {reference!r}")
        outcome = f"{kind} reported"

    if reference is not None and kind is not None and number % 4 == 0:  # --raise: the original, re-raised
        with capture_output():
            again = shell.ip.run_cell(program.cell(" --raise"), store_history=False)
        assert type(again.error_in_exec) is type(reference) and _not_ours(again.error_in_exec), (
            f"--raise gave {again.error_in_exec!r}, plain {reference!r}:\n{cell}")

    if reference is not None:
        args, kwargs = _first_call(program, plain, name)
        found = jaxmagic.explain(reference, plain["__raw__"], args, kwargs,
                                 static_argnames=program.static or None)
        if kind is None:
            assert found is None, f"explain answered a non-tracing error {reference!r}:\n{cell}"
        else:
            assert found is not None and found.exception is reference, f"no explanation for {reference!r}:\n{cell}"
            for fix in found.fixes:
                if fix.verified:
                    SEEN[("verified fix", _check_fix_independently(program, name, fix, args, kwargs))] += 1
    SEEN[(program.family, outcome)] += 1


@pytest.fixture(scope="module")
def fuzz_shell(_ipython, shell_class):
    Shell = shell_class  # noqa: N806 - a class
    _ipython.reset(new_session=False)
    _ipython.run_line_magic("load_ext", "jaxmagic")
    shell = Shell(_ipython)
    shell.run("import jax\nimport jax.numpy as jnp\nimport numpy as np")
    yield shell
    _ipython.run_line_magic("unload_ext", "jaxmagic")
    jaxmagic.reset()


def test_fuzzed_programs_keep_every_invariant(fuzz_shell):
    from hypothesis import strategies as st

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=os.environ.get("CI", "").lower() == "true",
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(st.data())
    def run(data):
        number = next(_numbers)
        name = f"fz{number}"
        program = data.draw(programs(name))
        _check_program(fuzz_shell, program, name, number)

    run()
    total = sum(v for (family, _), v in SEEN.items() if family in FAMILIES)
    assert total >= EXAMPLES, SEEN
    families = {family for family, _ in SEEN if family in FAMILIES}
    assert families == set(FAMILIES), f"families never drawn: {set(FAMILIES) - families}"
    print("\nfuzz outcomes:", dict(sorted(SEEN.items())))
