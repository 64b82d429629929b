"""The panel in real kernels of several ipykernel releases: messages only from the kernel's thread, and a copy
under a display id that updates while the cell runs.

Each kernel is driven by nbclient, which has no widget manager: it stands for the front ends that show
the panel's copy (VS Code without its widget renderer, nbconvert, a notebook opened again). It keeps
every widget message it receives (the notebook's widget state) and applies every display update to the
output it names, as those front ends do. The kernels run this environment's ipykernel, and 6.29 and
7.0 laid over it (``kernel_versions.py``); the lowest- and newest-versions runs repeat all three.
"""
from __future__ import annotations

import json
import re

import pytest

import kernel_versions

pytest.importorskip("nbclient")

SETUP = """\
%load_ext jaxmagic
import threading, time
from concurrent.futures import ThreadPoolExecutor
import ipykernel, jax, jax.numpy as jnp
from IPython import get_ipython

OTHER_THREADS = []  # (what was sent, thread name) for every message sent off the kernel's thread


def _watch(cls, name, what):
    original = getattr(cls, name)

    def sending(*args, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            OTHER_THREADS.append((what, threading.current_thread().name))
        return original(*args, **kwargs)

    setattr(cls, name, sending)


_watch(type(get_ipython().display_pub), "publish", "display")
"""

PANEL = "panel = %jittrace_panel\npanel"

WATCH_COMMS = "_watch(type(panel.table.comm), 'publish_msg', 'widget')"

LOOP = """\
@jax.jit
def grow(x):
    return x + 1

threaded = jax.jit(lambda x: x * 2)
with ThreadPoolExecutor(3) as pool:  # compiles in the user's own threads, too
    list(pool.map(lambda n: threaded(jnp.ones(n)), range(1, 13)))
for n in range(1, 31):
    grow(jnp.ones(n))
    time.sleep(0.05)
print("loop done", flush=True)
"""

REPORT = """\
import json
print("REPORT=" + json.dumps({"ipykernel": ipykernel.__version__, "other_threads": OTHER_THREADS,
                             "redraws": panel.redraws, "copy_id": panel.copy_id}))
"""


def _run(env: dict) -> tuple[object, list]:
    from nbclient import NotebookClient
    from nbformat.v4 import new_code_cell, new_notebook

    messages: list = []

    class Recording(NotebookClient):
        def process_message(self, msg, cell, cell_index):
            messages.append((cell_index, msg["msg_type"], msg.get("content", {})))
            return super().process_message(msg, cell, cell_index)

    nb = new_notebook(cells=[new_code_cell(c) for c in (SETUP, PANEL, WATCH_COMMS, LOOP, REPORT)])
    Recording(nb, timeout=300, kernel_name="python3", store_widget_state=True).execute(env=env)
    return nb, messages


def _count(html: str, name: str) -> int | None:
    found = re.search(rf"{name}</span></td><td[^>]*>.*?</td><td[^>]*>(\d+)</td>", html)
    return int(found.group(1)) if found else None


@pytest.mark.parametrize("release", ["this environment's", *kernel_versions.RELEASES])
def test_the_panel_sends_only_from_the_kernels_thread_and_its_copy_updates_live(release):
    folder = None
    if release in kernel_versions.RELEASES:
        folder, why = kernel_versions.overlay(release)
        if folder is None:
            pytest.skip(why)
    nb, messages = _run(kernel_versions.kernel_env(folder))
    printed = "".join(o.get("text", "") for o in nb.cells[4].outputs if o.output_type == "stream")
    report = json.loads(printed.split("REPORT=", 1)[1])
    if folder is not None:
        assert report["ipykernel"] == release  # the kernel really ran the release laid over
    assert report["other_threads"] == []  # no widget message or display update left another thread

    # the copy: one output under the panel's display id, updated while the loop ran (before its last print)
    copy_id = report["copy_id"]
    loop = [(kind, content) for index, kind, content in messages if index == 3]
    done_at = next(i for i, (kind, c) in enumerate(loop) if kind == "stream" and "loop done" in c.get("text", ""))
    updates = [i for i, (kind, c) in enumerate(loop)
               if kind == "update_display_data" and c.get("transient", {}).get("display_id") == copy_id]
    assert any(i < done_at for i in updates), "the copy was not updated while the cell ran"
    copies = [o for o in nb.cells[1].outputs if "jm-panel-copy" in o.get("data", {}).get("text/html", "")]
    assert len(copies) == 1 and _count(copies[0]["data"]["text/html"], "grow") == 30  # its final state kept

    # the widget: its last state, as a widget front end would draw it
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    tables = [m["state"].get("value", "") for m in state.values() if m["model_name"] == "HTMLModel"]
    assert any(_count(value, "grow") == 30 and _count(value, "threaded") == 12 for value in tables)
    assert report["redraws"] < 30  # throttled: never once per compile
