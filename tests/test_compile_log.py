"""The saved compile log: JSON that validates against the shipped schema, a page that fetches nothing.

Real JAX and a real IPython shell throughout. The disk-cache compile runs in
a subprocess, so JAX's persistent-cache settings never leak into other tests.
"""
from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import jax
import jax.numpy as jnp
import jsonschema
import pytest
from IPython.core.error import UsageError

import jaxmagic
from jaxmagic._common import journal
from jaxmagic._explain.explanation import Explanation
from notebook_support import run_notebook

pytestmark = pytest.mark.usefixtures("tracking")  # jaxmagic.track holds counting on: off after each test

ROOT = pathlib.Path(__file__).resolve().parent.parent
# what a page may not hold: anything that would fetch, run or link out
OUTSIDE = re.compile(r"https?://|\bsrc\s*=|<link|@import|url\(|<script|<iframe|<object|<embed", re.I)


def _validate(data: dict) -> None:
    schema = jaxmagic.compile_log_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(data)


def _function(data: dict, name: str) -> dict:
    [found] = [f for f in data["functions"] if f["name"] == name]
    return found


@pytest.fixture
def saving(shell):
    """The shell with the extension loaded: ``%jittrace_save`` is one of its magics."""
    assert "jittrace_save" in shell.ip.magics_manager.magics["line"]
    return shell


def _three_compiles() -> None:
    def log_scale(x):
        return x * 2.0

    scale = jaxmagic.track(log_scale, name="log_scale")
    for size in (3, 4, 5):
        scale(jnp.ones(size))


def test_the_json_names_each_compile_with_its_reason_and_phases(tmp_path):
    jaxmagic.reset()
    _three_compiles()
    written = jaxmagic.save_log(tmp_path / "log.json")
    assert written == tmp_path / "log.json"
    data = json.loads(written.read_text())
    _validate(data)
    assert (data["schema"], data["version"], data["jax"], data["backend"]) == (
        "jaxmagic-compile-log", 1, jax.__version__, jax.default_backend())
    row = _function(data, "log_scale")
    assert row["compiles"] == 3 and row["traces"] == 3 and row["wrapper"] == "jaxmagic"
    events = row["events"]
    assert [e["id"] for e in events] == ["log_scale#1", "log_scale#2", "log_scale#3"]
    assert [e["reason"] for e in events] == ["first call", "x: shape f32[3] \u2192 f32[4]", "x: shape f32[4] \u2192 f32[5]"]
    assert events[1]["changes"] == [{"path": "x", "what": "shape", "before": "f32[3]", "after": "f32[4]"}]
    for event in events:
        assert event["compile_seconds"] > 0 and event["trace_seconds"] > 0 and event["lower_seconds"] > 0
        assert event["from_disk_cache"] is False and event["retraced"] and event["tracked"]
        assert all(n > 0 for n in event["memory"].values())  # an absent figure is absent, never 0
    # the same numbers as jaxmagic.stats()
    stats = jaxmagic.stats(row["name"])
    assert [e["id"] for e in events] == [e.id for e in stats.events]
    assert [e["compile_seconds"] for e in events] == [e.compile_seconds for e in stats.events]
    assert row["compile_seconds"] == stats.compile_seconds and row["time_summary"] == stats.time_summary
    assert jaxmagic.compile_log()["functions"] == data["functions"]


_DISK_CACHE = """
import json, sys, tempfile
import jax, jax.numpy as jnp
import jaxmagic

names = ("jax_compilation_cache_dir", "jax_persistent_cache_min_compile_time_secs",
         "jax_persistent_cache_min_entry_size_bytes")
before = {name: getattr(jax.config, name) for name in names}
with tempfile.TemporaryDirectory() as folder:
    jax.config.update("jax_compilation_cache_dir", folder)
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)
    try:
        @jaxmagic.track
        def cached(x):
            return jnp.sin(x) * 3
        cached(jnp.ones(7))
        jax.clear_caches()
        cached(jnp.ones(7))
        jaxmagic.save_log(sys.argv[1])
    finally:
        for name, value in before.items():
            jax.config.update(name, value)
"""


def test_a_compile_from_the_disk_cache_is_marked(tmp_path):
    target = tmp_path / "cached.json"
    done = subprocess.run([sys.executable, "-c", _DISK_CACHE, str(target)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    data = json.loads(target.read_text())
    _validate(data)
    row = _function(data, "cached")
    assert row["compiles"] == 2 and row["from_disk_cache"] == 1
    assert [e["from_disk_cache"] for e in row["events"]] == [False, True]
    assert [e["id"] for e in row["events"]] == ["cached#1", "cached#2"]
    assert "1 from disk cache" in row["time_summary"]


def _bool_error():
    @jax.jit
    def sign(x):
        if x.sum() > 0:
            return x
        return -x

    try:
        sign(jnp.ones(3))
    except Exception as exc:  # noqa: BLE001 - the tracing error under test
        return exc, sign
    raise AssertionError("expected a tracing error")


def test_an_explained_error_is_kept_once_as_plain_data(tmp_path):
    jaxmagic.reset()
    exc, sign = _bool_error()
    first = jaxmagic.explain(exc, sign, (jnp.ones(3),))
    assert any(fix.verified for fix in first.fixes)  # verification re-traced copies: no entries of its own
    jaxmagic.explain(exc, sign, (jnp.ones(3),))  # the same exception again: still one record
    data = jaxmagic.compile_log()
    _validate(json.loads(json.dumps(data)))
    [error] = [e for e in data["errors"] if e["function"] == "sign"]
    assert (error["kind"], error["error_type"], error["argument"]) == ("bool-conversion", "TracerBoolConversionError", "x")
    assert error["source_line"].strip() == "if x.sum() > 0:" and error["lineno"] > 0
    assert error["message"] == first.message
    assert [(f["kind"], f["code"], f["verified"]) for f in error["fixes"]] == [
        (f.kind, f.code, f.verified) for f in first.fixes]
    for record in journal.entries():  # strings and small numbers only: never the exception or arrays
        assert all(isinstance(v, (str, int, float, bool, tuple, type(None))) for v in vars(record).values())
    page = (jaxmagic.save_log(tmp_path / "log.html")).read_text()
    assert "Python needed True or False from a traced value" in page and "if x.sum() &gt; 0:" in page


def test_an_error_of_a_jittrace_cell_is_kept_at_its_cell_line(saving, tmp_path):
    saving.run("%%jittrace --quiet\ndef halve(x):\n    if x.sum() > 0:\n        return x / 2\n    return x\nhalve(jnp.ones(2))")
    saving.run(f"%jittrace_save {tmp_path / 'cell.json'}")
    data = json.loads((tmp_path / "cell.json").read_text())
    _validate(data)
    [error] = [e for e in data["errors"] if e["function"] == "halve"]
    assert error["location"] == "cell line 3" and error["fixes"]


def test_reset_starts_the_log_afresh():
    exc, sign = _bool_error()
    jaxmagic.explain(exc, sign, (jnp.ones(3),))
    jaxmagic.reset()
    assert jaxmagic.compile_log()["errors"] == [] and jaxmagic.compile_log()["functions"] == []


def test_an_error_explained_after_any_cell_is_kept(saving):
    saving.run("%jittrace_explain on")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        saving.run("@jax.jit\ndef bump(x):\n    if x > 0:\n        return x\n    return -x\nbump(1.0)")
    [error] = [e for e in jaxmagic.compile_log()["errors"] if e["function"] == "bump"]
    assert error["location"].endswith(", line 3") and error["kind"] == "bool-conversion"  # Cell In[n], line 3


def test_the_journal_keeps_the_newest_two_hundred(tmp_path):
    journal.clear()
    kept = [ValueError(str(i)) for i in range(journal.LIMIT + 20)]
    for i, exc in enumerate(kept):
        journal.record(Explanation(kind="bool-conversion", error_type="ValueError", exception=exc, message=f"{i}: see https://docs.jax.dev",
                                   analysis_failed="KeyError: 'x'" if i % 2 else None,
                                   docs="https://docs.jax.dev/en/latest/errors.html"))
    messages = [e.message for e in journal.entries()]
    assert len(messages) == journal.LIMIT and messages[0].startswith("20:") and messages[-1].startswith(
        f"{journal.LIMIT + 19}:")
    _validate(jaxmagic.compile_log())
    page = jaxmagic.save_log(tmp_path / "many.html").read_text()
    assert page.count("jm-section jm-error") == journal.LIMIT and OUTSIDE.findall(page) == []
    journal.clear()


def test_hostile_names_and_error_text_are_escaped_and_the_page_fetches_nothing(tmp_path):
    jaxmagic.reset()
    hostile = "<script>alert(1)</script>"
    shout = jaxmagic.track(lambda x: x + 1, name=hostile)
    shout(jnp.ones(2))
    shout(jnp.ones(3))

    def fails(x):
        if x > 0:
            return x
        return -x

    fails.__qualname__ = fails.__name__ = "<b onmouseover=alert(2)>"
    jitted = jax.jit(fails)
    try:
        jitted(1.0)
    except Exception as exc:  # noqa: BLE001 - the tracing error under test
        jaxmagic.explain(exc, jitted, (1.0,))
    page = jaxmagic.save_log(tmp_path / "hostile.htm").read_text()
    assert hostile not in page and "<b onmouseover" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;#2" in page and "&lt;b onmouseover=alert(2)&gt;" in page
    assert OUTSIDE.findall(page) == []
    assert page.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in page and "default-src 'none'" in page
    assert "@media print" in page and "<details>" not in page  # every fold open: a printed page shows all


def test_wrong_suffix_and_missing_folder_say_which_file(saving, tmp_path):
    with pytest.raises(ValueError, match=r"'notes\.txt'.*\.html or \.json"):
        jaxmagic.save_log("notes.txt")
    with pytest.raises(ValueError, match="has no suffix"):
        jaxmagic.save_log(tmp_path / "log")
    missing = tmp_path / "nowhere" / "log.html"
    with pytest.raises(FileNotFoundError, match="does not exist"):
        jaxmagic.save_log(missing)
    with pytest.raises(UsageError, match=r"%jittrace_save: .*nowhere.*does not exist"):
        saving.run(f"%jittrace_save {missing}")
    with pytest.raises(UsageError, match=r"log\.csv"):
        saving.run("%jittrace_save log.csv")
    assert not missing.parent.exists()


def test_a_path_with_spaces_is_taken_whole_quoted_or_not(saving, tmp_path):
    folder = tmp_path / "my runs"
    folder.mkdir()
    saving.run(f"%jittrace_save {folder / 'log one.html'}")
    saving.run(f'%jittrace_save "{folder / "log two.json"}"')
    assert sorted(p.name for p in folder.iterdir()) == ["log one.html", "log two.json"]


def test_the_magic_says_what_it_wrote(saving, tmp_path):
    _three_compiles()
    _, captured = saving.run_captured(f"%jittrace_save {tmp_path / 'log.html'}")
    assert captured.printed.strip() == (
        f"jaxmagic: saved {tmp_path / 'log.html'} (1 function, 3 compiles, 0 explained errors).")
    assert "jittrace_save FILE" not in captured.printed
    help_text = saving.ip.find_line_magic("jittrace_save").__doc__
    assert "FILE.json" in help_text and "standalone" in help_text


def test_the_schema_ships_as_package_data():
    schema = jaxmagic.compile_log_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["version"] == {"const": 1}
    assert (ROOT / "jaxmagic" / "compile_log.schema.json").is_file()
    assert "compile_log.schema.json" in (ROOT / "pyproject.toml").read_text()


_KERNEL_CELLS = [
    "%load_ext jaxmagic\nimport jax, jax.numpy as jnp",
    "@jax.jit\ndef step(x):\n    return x * 2\nfor n in (2, 3, 4):\n    step(jnp.ones(n))",
    "%%jittrace --quiet\ndef twice(x):\n    if x.sum() > 1:\n        return x\n    return 2 * x\ntwice(jnp.ones(3))",
    "%jittrace_save out.html",
    "%jittrace_save out.json",
]


def test_in_a_kernel_the_magic_writes_both_files(tmp_path):
    cells = run_notebook(_KERNEL_CELLS, tmp_path)
    for cell in cells:
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source
    said = "".join(o.get("text", "") for o in cells[3].outputs)
    assert said.startswith("jaxmagic: saved out.html (") and "3 compiles" in said and "1 explained error" in said
    data = json.loads((tmp_path / "out.json").read_text())
    _validate(data)
    step = _function(data, "step")
    assert [e["id"] for e in step["events"]] == ["step#1", "step#2", "step#3"]
    assert step["events"][2]["reason"] == "x: shape f32[3] \u2192 f32[4]"
    [error] = data["errors"]
    assert (error["function"], error["kind"], error["location"]) == ("twice", "bool-conversion", "cell line 3")
    page = (tmp_path / "out.html").read_text()
    assert all(f"step#{n}" in page for n in (1, 2, 3)) and "twice" in page
    assert OUTSIDE.findall(page) == []
