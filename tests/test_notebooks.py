"""Real kernels driven by nbclient: the demo notebook, and a notebook of checks."""
from __future__ import annotations

import pathlib
import re

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_notebook

ROOT = pathlib.Path(__file__).resolve().parent.parent
LESSON_OUTPUT = "TracerBoolConversionError\n[1. 1. 1.]\n[1 2 1 2 1 2]\n10\n"


def _execute(nb: nbformat.NotebookNode, allow_errors: bool = False) -> nbformat.NotebookNode:
    NotebookClient(
        nb, timeout=300, kernel_name="python3", allow_errors=allow_errors, store_widget_state=True
    ).execute(cwd=str(ROOT))
    return nb


def _stdout(cell) -> str:
    return "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")


def _result(cell) -> dict:
    [out] = [o for o in cell.outputs if o.output_type == "execute_result"]
    return out.data


@pytest.fixture(scope="module")
def demo():
    return _execute(nbformat.read(ROOT / "demo.ipynb", as_version=4))


def test_demo_runs_without_error_output(demo):
    for cell in demo.cells:
        if cell.cell_type == "code":
            assert not [o for o in cell.outputs if o.output_type == "error"], cell.source
            assert not any(o.get("name") == "stderr" for o in cell.outputs), cell.source


def test_demo_reports_have_text_and_html_without_terminal_codes(demo):
    reports = [
        o for c in demo.cells if c.cell_type == "code" for o in c.outputs
        if o.output_type == "execute_result" and "jittrace" in o.data.get("text/plain", "")
    ]
    assert len(reports) >= 10
    for out in reports:
        assert out.data["text/html"].startswith('<div class="jm-report">')
        assert "\x1b" not in out.data["text/plain"] + out.data["text/html"]


def test_demo_lesson_cell_prints_what_the_lesson_promises(demo):
    [cell] = [c for c in demo.cells if c.cell_type == "code" and "Python bool of a tracer" in c.source]
    assert _stdout(cell) == LESSON_OUTPUT
    text = _result(cell)["text/plain"]
    assert "at cell line 4: if x.sum() > 0:" in text  # the error the cell caught, explained
    assert "return jnp.where(x.sum() > 0, x, -x)" in text and "verified: traces" in text
    assert "n         static 3" in text
    assert "in (10:i32[],) }" in text  # x.shape[0] * 2 is a constant of the program
    html = _result(cell)["text/html"]
    assert 'class="jm-section jm-error"' in html and "static " in html


def test_demo_explains_with_fixes_tried_on_a_copy(demo):
    [cell] = [c for c in demo.cells if c.cell_type == "code" and "jaxmagic.explain(error" in c.source]
    assert _stdout(cell) == "traced-shape n [('static', True)]\n"
    shown = _result(cell)
    assert "depends on argument n" in shown["text/plain"] and "jm-report" in shown["text/html"]


def test_demo_teaching_view_shows_python_once_the_unrolled_loop_and_static_shapes(demo):
    [cell] = [c for c in demo.cells if c.cell_type == "code" and "def teach" in c.source]
    assert _stdout(cell) == "Python runs now, at trace time\n"  # once: the second call is cached
    assert "source \u2192 operations" in _result(cell)["text/plain"]
    [listing] = [c for c in demo.cells if c.cell_type == "code" and "last_report().lines" in c.source]
    printed = _stdout(listing)
    assert "n = x.shape[0]           ran while tracing; no operation" in printed
    assert "a Python loop, run while tracing: its body unrolled ×3" in printed
    assert "×3: sin: f32[5], add: f32[5]" in printed


def test_demo_teaches_each_fix_and_each_recompile_reason(demo):
    texts = "\n".join(
        o.get("data", {}).get("text/plain", "") + o.get("text", "")
        for c in demo.cells if c.cell_type == "code" for o in c.outputs
    )
    for fact in (
        "x: dtype float32 \u2192 bfloat16",
        "x: shape f32[4,3] \u2192 f32[8,3]",
        "params['scale']: pytree structure absent \u2192 f32[]",
        "n: static value 3 \u2192 4",
        "5 traces for 5 steps",
        "1 trace for 5 steps",
        "select_n",
        "cond[",
        "ShapedArray(float32[], weak_type=True)",
    ):
        assert fact in texts, fact


CHECKS = [
    "%load_ext jaxmagic\nimport jax, jax.numpy as jnp\nfrom jax import monitoring\n"
    "events = []\nmonitoring.register_event_duration_secs_listener("
    "lambda name, s, **kw: events.append((name.rsplit('/', 1)[-1], kw.get('fun_name'))))",
    "%%jittrace\ndef f(x):\n    return jnp.sin(x) * 2\nf(jnp.ones(3))",
    "f(jnp.ones(3))\nprint(events.count(('jaxpr_trace_duration', 'f')), events.count(('backend_compile_duration', 'jit(f)')))",
    "%%jittrace --raise\ndef bad(x):\n    if x > 0:\n        return x\n    return -x\nbad(1.0)",
    "%%jittrace\ndef g(x):\n    return {'a': x}['b']\ng(1.0)",
    "%%jittrace\ndef h(x):\n    return (x\n",
    "Tag = type('Tag', (), {'__repr__': lambda s: '<script>alert(1)</script>', '__hash__': lambda s: 0, '__eq__': lambda s, o: True})",
    "%%jittrace --static-argnames tag\ndef k(x, tag):\n    return x\nk(jnp.ones(2), tag=Tag())",
    # 8-11: %jittrace_explain on any cell, with a %%jittrace --raise cell, then off
    "%jittrace_explain on",
    "@jax.jit\ndef grow(x, n):\n    return jnp.zeros(n) + x\ngrow(1.0, 3)",
    "%%jittrace --raise\ndef shrink(x, n):\n    return jnp.ones(n) * x\nshrink(1.0, 2)",
    "%jittrace_explain off\ngrow(1.0, 3)",
    "import jaxmagic\nprint(jaxmagic.stats('f').where, jaxmagic.stats('bad').where, sep='|')",
    # 13-14: issue 16 in a real kernel: a leak stored inside a scan body, under plain jax.jit
    "%jittrace_explain on",
    "class Log:\n    pass\nlog = Log()\n@jax.jit\ndef run(xs):\n    def body(c, x):\n        log.last = c + x\n"
    "        return c + x, x\n    total, ys = jax.lax.scan(body, 0.0, xs)\n    return total + log.last\n"
    "run(jnp.arange(3.0))",
]


@pytest.fixture(scope="module")
def checks():
    return _execute(new_notebook(cells=[new_code_cell(src) for src in CHECKS]), allow_errors=True)


def test_kernel_cell_then_plain_call_is_one_trace_one_compile(checks):
    assert _stdout(checks.cells[2]) == "1 1\n"
    assert "ShapedArray(float32[3])" in _result(checks.cells[1])["text/plain"]


def test_kernel_raise_shows_report_then_original_error(checks):
    outputs = checks.cells[3].outputs
    shown = [o for o in outputs if o.output_type == "display_data"]
    [error] = [o for o in outputs if o.output_type == "error"]
    assert "TracerBoolConversionError while tracing" in shown[0].data["text/plain"]
    assert "at cell line 3: if x > 0:" in shown[0].data["text/plain"]
    assert error.ename == "TracerBoolConversionError"


def test_kernel_names_each_cell_by_its_own_number(checks):
    # IPython 9 counts the cell before it runs, IPython 8 after: both must say In[2] for cell [2]
    assert [c.execution_count for c in checks.cells[:4]] == [1, 2, 3, 4]
    assert _stdout(checks.cells[12]) == "Cell In[2], line 2|Cell In[4], line 2\n"
    [error] = [o for o in checks.cells[3].outputs if o.output_type == "error"]
    trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(error.traceback))
    assert "In[4]" in trace and "In[5]" not in trace  # the --raise traceback names the same cell


def test_kernel_other_errors_propagate_with_the_users_line(checks):
    [error] = [o for o in checks.cells[4].outputs if o.output_type == "error"]
    assert error.ename == "KeyError" and error.evalue == "'b'"
    trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(error.traceback))
    assert "return {'a': x}['b']" in trace
    assert "/jaxmagic/" not in trace  # jaxmagic's frames (the front's and the engine's) are hidden


def test_kernel_syntax_error_is_shown_as_python_shows_it(checks):
    [error] = [o for o in checks.cells[5].outputs if o.output_type == "error"]
    assert error.ename == "SyntaxError" and "never closed" in error.evalue
    trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(error.traceback))
    assert "line 3" in trace and "/jaxmagic/" not in trace


def test_kernel_html_output_escapes_user_strings(checks):
    data = _result(checks.cells[7])
    assert "<script>" not in data["text/html"] and "&lt;script&gt;" in data["text/html"]
    assert "<script>alert(1)</script>" in data["text/plain"]


def test_kernel_explains_any_cell_after_the_traceback_when_on(checks):
    outputs = checks.cells[9].outputs
    kinds = [o.output_type for o in outputs]
    assert kinds.index("error") < kinds.index("display_data")  # the usual traceback first, untouched
    [error] = [o for o in outputs if o.output_type == "error"]
    assert error.ename == "TypeError" and "Shapes must be 1D" in error.evalue
    [shown] = [o for o in outputs if o.output_type == "display_data"]
    text = shown.data["text/plain"]
    assert "depends on argument n" in text and "at Cell In[" in text and "return jnp.zeros(n) + x" in text
    assert "static_argnames='n'" in text and "verified: traces" in text
    assert "jm-report" in shown.data["text/html"]


def test_kernel_explain_on_does_not_explain_a_jittrace_raise_cell_twice(checks):
    outputs = checks.cells[10].outputs
    shown = [o for o in outputs if o.output_type == "display_data"]
    assert [o.output_type for o in outputs if o.output_type != "stream"] == ["display_data", "error"]
    assert "depends on argument n" in shown[0].data["text/plain"]
    assert "%%jittrace --static-argnames n" in shown[0].data["text/plain"]


def test_kernel_explains_a_leak_from_a_scan_body_with_its_fix_verified(checks):
    [shown] = [o for o in checks.cells[14].outputs if o.output_type == "display_data"]
    text = shown.data["text/plain"]
    assert "log.last = c + x" in text and "In[15], line 7" in text
    assert "total + lasts[-1]" in text and "verified: traces" in text


def test_kernel_explain_off_restores_the_plain_traceback(checks):
    outputs = checks.cells[11].outputs
    assert [o.output_type for o in outputs if o.output_type != "stream"] == ["error"]


PANEL = [
    "%load_ext jaxmagic\nimport jax, jax.numpy as jnp, jaxmagic",
    "%jittrace_panel",
    "%%jittrace --quiet --static-argnames n\ndef model(x, n):\n    return x * n\n"
    "for k in range(12):\n    model(jnp.ones(2 + k % 4), n=k % 3)",
    "s = jaxmagic.stats('model')\nprint(s.traces, s.compiles)\nprint(s.events[-1].reason)",
    "%jittrace_assert model --max-compiles 12",
]


@pytest.fixture(scope="module")
def panel_notebook():
    return _execute(new_notebook(cells=[new_code_cell(src) for src in PANEL]))


def test_kernel_panel_counts_and_reasons_in_text_output(panel_notebook):
    cells = panel_notebook.cells
    # closest earlier signature: one differing leaf, the most recent among equals (k=8: f32[2], n=2)
    assert _stdout(cells[3]) == "12 12\nx: shape f32[2] → f32[5]\n"
    shown = [o for o in cells[1].outputs if o.output_type in ("display_data", "execute_result")]
    copy, live = (o.data for o in shown)
    assert "application/vnd.jupyter.widget-view+json" in live
    assert "text/plain" in live and "text/html" in live  # the form without a widget frontend
    # the HTML copy a reopened notebook shows, brought up to date after later cells (issue 15.5):
    # nbclient follows display ids across cells, so the saved copy holds the final counts
    assert 'class="jm-panel-copy"' in copy["text/html"] and "widget-view" not in str(copy)
    assert re.search(r"model</span></td><td[^>]*>.*?</td><td[^>]*>12</td><td[^>]*>12</td>", copy["text/html"])


def test_kernel_panel_widget_state_is_stored_with_the_final_counts(panel_notebook):
    state = panel_notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    values = [m["state"]["value"] for m in state.values() if m.get("model_name") == "HTMLModel"]
    [table] = [v for v in values if "jaxmagic: compiles" in v]
    match = re.search(r"model</span></td><td[^>]*>.*?</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>", table)
    assert match and match.groups() == ("12", "12")
    [history] = [v for v in values if "compiles of model" in v]  # the accordion's item for it
    assert "x: shape f32[2] → f32[5]" in history and "n: static value 0 → 1" in history
    [accordion] = [m["state"] for m in state.values() if m.get("model_name") == "AccordionModel"]
    assert accordion["titles"][0].startswith("model: 12 compiles")
