"""Side by side with JAX's ``jax_explain_cache_misses``: what compiled, why, and who said so.

Used by the notebooks in this folder (the setup cell and the last cell), by
``tests/test_side_by_side.py`` and by ``table.py``.

The truth comes from the notebook, never from JAX's text: each notebook states, by
construction, the true cause of every compile of each of its functions (its ``TRUTH`` cell,
written by ``build_notebooks.py``). Each compile there lists its causes as ``[path, what]``:
``path`` is the user's name for what changed (``factor``, ``params['gain']``,
``model.hidden.kernel``, a JAX setting such as ``jax_default_matmul_precision``, or ``""``
for the function as a whole) and ``what`` is one of jaxmagic's words (``first-call``,
``function-redefined``, ``shape``, ``dtype``, ``weak-type``, ``sharding``, ``static-value``,
``pytree-structure``, ``tracing-context``). A compile may also give ``also`` (true
differences an explanation may name or leave out: the shapes inside a layer whose structure
changed), ``or`` (other cause lists that are just as close, where two earlier calls tie) and
``why`` (how the cells make it so).

In the kernel, :class:`Recorder` keeps what JAX reports: every top-level trace (a
``jax.monitoring`` event that names the function, so the compiles that really happened) and
every cache-miss message JAX logs. :func:`compare` lines up, for each function, its n-th
trace with the n-th compile of the truth and with jaxmagic's compile event for it, then

* judges jaxmagic's changes against the truth (:func:`judge`): the true cause at the user's
  name, never a wrapper's internal path, both values shown, no extra cause;
* pairs each JAX message with a compile, reads it best-effort (:func:`parse_jax`) and scores
  it against the same truth (:func:`score_jax`): ``same cause``, ``vaguer``, ``unavailable``,
  ``misleads``, ``silent`` or, where this parser cannot read it, ``unparsed``. A score never
  fails a test, since JAX's wording changes between versions.
"""
from __future__ import annotations

import difflib
import inspect
import json
import logging
import re
import statistics
import sys
import time
from typing import Any

__all__ = ["Recorder", "alternatives", "check_truth", "compare", "judge", "parse_jax", "score_jax", "show",
           "run_notebook", "summary", "NOTEBOOKS", "SCORES", "WHATS", "MARK"]

# the notebooks, in the order the table lists them
NOTEBOOKS = [
    "jax_caching.ipynb",
    "jax_batches.ipynb",
    "jax_weak_types.ipynb",
    "jax_pytrees.ipynb",
    "jax_call_forms.ipynb",
    "jax_config_context.ipynb",
    "flax_train_eval.ipynb",
    "flax_optimizer_per_epoch.ipynb",
    "equinox_hyperparams.ipynb",
    "optax_hyperparams.ipynb",
]

# how JAX's explanation of one compile compares with the truth, best first
SCORES = ("same cause", "vaguer", "unavailable", "misleads", "silent", "unparsed")

WHATS = ("first-call", "function-redefined", "shape", "dtype", "weak-type", "sharding", "static-value",
         "pytree-structure", "tracing-context")
_WHOLE = ("first-call", "function-redefined")  # about the function as a whole: no path
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_URL = re.compile(r"https?://\S+")

# the jax.monitoring event JAX records when it finishes tracing a function at top level
TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
MARK = "SIDE_BY_SIDE_JSON="


# ---------------------------------------------------------------- recording, in the kernel

class Recorder(logging.Handler):
    """Keeps what JAX reports in a kernel: every top-level trace and every cache-miss message.

    Attributes
    ----------
    traces : list of dict
        ``{"fn", "start", "end"}`` for each trace JAX finished (``jax.monitoring``).
    messages : list of dict
        ``{"created", "text"}`` for each warning of JAX's loggers that speaks of a cache miss.
    """

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.traces: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "cache miss" in message.lower():
            self.messages.append({"created": record.created, "text": message})

    def on_duration(self, event: str, seconds: float, **kwargs: Any) -> None:
        if event == TRACE_EVENT:
            end = time.time()
            self.traces.append({"fn": str(kwargs.get("fun_name", "")), "start": end - seconds, "end": end})

    @classmethod
    def install(cls) -> Recorder:
        """Start recording: a handler on the ``jax`` logger and a ``jax.monitoring`` listener."""
        import jax

        recorder = cls()
        logging.getLogger("jax").addHandler(recorder)
        jax.monitoring.register_event_duration_secs_listener(recorder.on_duration)
        return recorder


# ---------------------------------------------------------------- the truth

def alternatives(truth: dict[str, Any]) -> list[list[list[str]]]:
    """The cause lists a compile's truth accepts: ``causes``, then each of ``or``."""
    return [truth["causes"], *truth.get("or", [])]


def check_truth(truth: dict[str, list[dict[str, Any]]]) -> list[str]:
    """What is malformed in a notebook's ``TRUTH`` ([] when nothing is)."""
    problems = []
    for fn, compiles in truth.items():
        for n, c in enumerate(compiles, 1):
            if set(c) - {"causes", "also", "or", "why"} or not c.get("causes"):
                problems.append(f"{fn}#{n}: needs 'causes' and only 'also', 'or', 'why' besides")
                continue
            for path, what in [*c.get("also", []), *(p for alt in alternatives(c) for p in alt)]:
                if what not in WHATS:
                    problems.append(f"{fn}#{n}: {what!r} is not one of jaxmagic's words")
                if (what in _WHOLE) != (path == ""):
                    problems.append(f"{fn}#{n}: {what} needs {'no' if what in _WHOLE else 'a'} path")
            first = c["causes"] == [["", "first-call"]]
            if (n == 1) != first:
                problems.append(f"{fn}#{n}: only a first compile is a first call, and it is nothing else")
    return problems


# ---------------------------------------------------------------- JAX's text, best-effort

def parse_jax(text: str) -> dict[str, Any]:
    """Read one of JAX's cache-miss messages as far as its wording allows.

    Returns ``{"text", "words", "fn", "defined_at", "kind", "causes"}``. ``kind`` is
    ``never-seen``, ``types``, ``pytree``, ``context``, ``unavailable`` (JAX says it has no
    explanation) or ``other`` (not read here); ``fn`` is None where the function's name cannot
    be read. Each cause is ``{param, what, before, after, raw}`` in jaxmagic's words, ``param``
    the user's parameter JAX's path points at (a position or keyword is resolved later, by
    :func:`compare`), ``""`` for the function as a whole, or None where JAX's path is a
    wrapper's own.
    """
    out: dict[str, Any] = {"text": text, "words": len(text.split()), "fn": None, "defined_at": "",
                           "kind": "other", "causes": []}
    m = re.search(r"never seen function:\s*\n\s*(\S+) id=\d+(?: defined at (\S+))?", text)
    if m:
        out["fn"], out["defined_at"] = m.group(1), m.group(2) or ""
        # JAX's hint: another function was defined on the same line (it names no function)
        what = "function-redefined" if re.search(r"re-?defined", text[m.end():]) else "first-call"
        out["kind"] = "never-seen"
        out["causes"] = [{"param": "", "what": what, "before": "", "after": "", "raw": ""}]
        return out
    m = re.search(r"^\s*for (\S+)(?: defined at (\S+))?\s*$", text, re.M)
    if m:
        out["fn"], out["defined_at"] = m.group(1), m.group(2) or ""
    body = _URL.sub("", text[m.end():] if m else text)
    if re.search(r"explanation unavailable", body, re.I):
        out["kind"] = "unavailable"
    elif re.search(r"different input types", body):
        out["kind"], out["causes"] = "types", _type_causes(body)
    elif re.search(r"different input pytree", body):
        out["kind"], out["causes"] = "pytree", _tree_causes(body)
    elif re.search(r"context doesn't match", body, re.I):
        out["kind"] = "context"
        for cm in re.finditer(r"\* (\S+) differs: now (.*?) and before (.*)", body):
            name = "jax_" + cm.group(1).removeprefix("jax_")
            out["causes"].append({"param": name, "what": "tracing-context", "before": cm.group(3),
                                  "after": cm.group(2), "raw": cm.group(1)})
    return out


def _split_type(t: str) -> tuple[str, str, str, str]:
    """``f32[4,2]{weak_type=True}`` → (dtype, shape, weak, rest: a sharding annotation)."""
    weak = ""
    wm = re.search(r"\{weak_type=(True|False)\}", t)
    if wm:
        weak, t = wm.group(1), t[: wm.start()] + t[wm.end():]
    m = re.match(r"([A-Za-z0-9_<>]+)\[([^\]]*)\](.*)$", t)
    if not m:
        return t, "", weak, ""
    return m.group(1), m.group(2), weak, m.group(3)


def _type_causes(body: str) -> list[dict[str, Any]]:
    causes = []
    for m in re.finditer(r"^\s*\* at (.*), now (\S+) and before (\S+)\s*$", body, re.M):
        name, now, before = m.group(1), m.group(2), m.group(3)
        n, b = _split_type(now), _split_type(before)
        for what, i in (("dtype", 0), ("shape", 1), ("weak-type", 2), ("sharding", 3)):
            if n[i] != b[i]:
                causes.append({"param": _param_of_name(name), "what": what, "before": before, "after": now,
                               "raw": name})
    return causes


def _param_of_name(name: str) -> str | None:
    """JAX's argument name (``x``, ``params['w']``, ``model.states[0][3]``) → the parameter;
    None for a wrapper's own name (``dynamic_nodonate['rest'][0]``)."""
    m = _IDENT.match(name)
    if not m or m.group(0) in ("dynamic_nodonate", "dynamic_donate", "args", "kwargs"):
        return None
    return m.group(0)


def _tree_causes(body: str) -> list[dict[str, Any]]:
    causes = []
    for bullet in re.split(r"\n\s*\* at input path ", body)[1:]:
        m = re.match(r"(\S*), now (.*) and before (.*), so (.*)$", bullet, re.S)
        if m:
            causes.extend(_tree_cause(*m.groups()))
    return causes


def _tree_cause(path: str, now: str, before: str, why: str) -> list[dict[str, Any]]:
    raw = f"input path {path}"
    lengths = re.match(r"tuple of length (\d+)$", now), re.match(r"tuple of length (\d+)$", before)
    if path == "[0]" and all(lengths):
        a, b = int(lengths[0].group(1)), int(lengths[1].group(1))
        # the positional parameters present in one call and absent in the other
        return [{"param": ("#pos", i), "what": "pytree-structure", "before": before, "after": now, "raw": raw}
                for i in range(min(a, b), max(a, b))]
    keys = re.search(r"symmetric difference of key sets: \{(.*)\}", why)
    if path == "[1]" and keys:
        return [{"param": k.strip().strip("'\""), "what": "pytree-structure", "before": before, "after": now,
                 "raw": raw} for k in keys.group(1).split(",")]
    param: Any = None
    m = re.match(r"\[0\]\[(\d+)\]", path)
    if m:
        param = ("#pos", int(m.group(1)))
    m = re.match(r"\[1\]\['([^']+)'\]", path)
    if m:
        param = m.group(1)
    static = re.search(r"Static\(val=(.*)\)$", now, re.S), re.search(r"Static\(val=(.*)\)$", before, re.S)
    if all(static):
        old, new = _differing_tokens(static[1].group(1), static[0].group(1))
        return [{"param": param, "what": "static-value", "before": _short(old), "after": _short(new), "raw": raw}]
    return [{"param": param, "what": "pytree-structure", "before": _short(before), "after": _short(now),
             "raw": raw}]


def _short(s: str, n: int = 200) -> str:
    return s if len(s) <= n else s[:n] + "…"


def _differing_tokens(before: str, after: str) -> tuple[str, str]:
    """The part of two long dumps that differs (``0.1`` / ``0.05`` in equinox's static dump)."""
    tok = re.compile(r"[A-Za-z0-9_.+-]+|\S")
    a, b = tok.findall(before), tok.findall(after)
    old, new = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            old.append("".join(a[i1:i2]))
            new.append("".join(b[j1:j2]))
    return " ".join(old), " ".join(new)


# ---------------------------------------------------------------- lining up

def _params_of(fn_name: str, namespace: dict[str, Any]) -> list[str] | None:
    obj = namespace.get(fn_name)
    if obj is None or not callable(obj):
        return None
    try:
        return list(inspect.signature(obj).parameters)
    except (TypeError, ValueError):
        return None


def _defined_by_wrapper(fn_name: str, defined_at: str, namespace: dict[str, Any]) -> bool:
    """True when JAX names the wrapper's own function (``equinox/_jit.py:43``), not the user's:
    then JAX's input paths are the wrapper's layout, not the user's parameters."""
    obj = namespace.get(fn_name)
    if obj is None or not defined_at:
        return False
    try:
        code = inspect.unwrap(obj).__code__
    except AttributeError:
        return False
    return defined_at.rsplit(":", 1)[0] != code.co_filename


def _base(row_name: str) -> str:
    return row_name.split("@", 1)[0].rsplit(".", 1)[-1]


def _resolve(jax: dict[str, Any], params: list[str] | None, wrapper_layout: bool) -> None:
    """Turn JAX's positions into the user's parameter names; a wrapper's layout names none."""
    for c in jax["causes"]:
        if c["what"] in _WHOLE or c["what"] == "tracing-context":
            continue
        if wrapper_layout:
            c["param"] = None
        elif isinstance(c["param"], tuple):
            idx = c["param"][1]
            c["param"] = params[idx] if params is not None and idx < len(params) else None


def compare(recorder: Recorder, stats: dict[str, Any], namespace: dict[str, Any],
            truth: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Line up the truth, JAX's traces, JAX's messages and jaxmagic's compile events.

    Returns ``{"compiles", "untold", "messages", "jaxmagic_only", "truth_problems", "kernel"}``:
    one entry per compile of the truth (with its trace, JAX's message and score, jaxmagic's
    event and :func:`judge`'s problems); the traces of the notebook's functions that the truth
    does not list; every JAX message with its status (``paired``, ``other function``: one that
    is not the notebook's, ``unpaired``: the notebook's with no compile left, ``unparsed``: no
    function name read); jaxmagic's compile events that match no trace.
    """
    import jax

    traces: dict[str, list[dict[str, Any]]] = {fn: [] for fn in truth}
    for t in sorted(recorder.traces, key=lambda t: t["end"]):
        if t["fn"] in traces:
            traces[t["fn"]].append(t)
    events: dict[str, list[tuple[float, str, int, Any, Any]]] = {fn: [] for fn in truth}
    jaxmagic_only = []
    for name, st in stats.items():
        for i, ev in enumerate(st.events):
            if not getattr(ev, "retraced", True):
                continue  # a new placement without a new trace
            if _base(name) in events:
                events[_base(name)].append((ev.when, name, i, ev, st))
            else:
                jaxmagic_only.append({"row": name, "index": i, "reason": ev.reason})

    compiles, untold, by_fn = [], [], {}
    for fn, told in truth.items():
        params = _params_of(fn, namespace)
        used: set[int] = set()
        evs = sorted(events[fn], key=lambda e: e[0])
        by_fn[fn] = []
        for n, t in enumerate(traces[fn] + [None] * max(0, len(told) - len(traces[fn])), 1):
            if n > len(told):
                untold.append({"id": f"{fn}#{n}", "fn": fn})
                continue
            c: dict[str, Any] = {"id": f"{fn}#{n}", "fn": fn, "n": n, "params": params, "truth": told[n - 1],
                                 "trace": t, "jax": None, "jaxmagic": None}
            # jaxmagic's event for this trace: the first of the function's not used, finished after it began
            for k, (when, name, i, ev, st) in enumerate(evs):
                if k in used or (t is not None and when < t["start"] - 1e-3):
                    continue
                used.add(k)
                c["jaxmagic"] = {"row": name, "wrapper": st.wrapper, "index": i, "reason": ev.reason,
                                 "words": len(ev.reason.split()),
                                 "changes": [{"path": ch.path, "what": ch.what, "before": ch.before,
                                              "after": ch.after} for ch in ev.changes]}
                break
            compiles.append(c)
            by_fn[fn].append(c)
        jaxmagic_only += [{"row": name, "index": i, "reason": ev.reason}
                          for k, (when, name, i, ev, st) in enumerate(evs) if k not in used]

    messages = []
    for rec in sorted(recorder.messages, key=lambda r: r["created"]):
        jax_msg = parse_jax(rec["text"])
        fn = jax_msg["fn"]
        entry = {"fn": fn, "created": rec["created"], "id": None, "words": jax_msg["words"],
                 "head": rec["text"].splitlines()[0][:200]}
        if fn is None:
            entry["status"] = "unparsed"
        elif fn not in truth:
            entry["status"] = "other function"  # a library's own jit, traced inside the user's
        else:
            entry["status"] = "unpaired"
            # the compile it explains: the function's first without a message whose trace ends after it
            for c in by_fn[fn]:
                if c["jax"] is None and c["trace"] is not None and c["trace"]["end"] >= rec["created"] - 1e-3:
                    wrapper_layout = _defined_by_wrapper(fn, jax_msg["defined_at"], namespace)
                    _resolve(jax_msg, c["params"], wrapper_layout)
                    jax_msg["wrapper_layout"] = wrapper_layout
                    c["jax"] = jax_msg
                    entry["status"], entry["id"] = "paired", c["id"]
                    break
        messages.append(entry)

    for c in compiles:
        c["problems"] = judge(c)
        c["jax_score"], c["jax_note"] = score_jax(c)
    return {"compiles": compiles, "untold": untold, "messages": messages, "jaxmagic_only": jaxmagic_only,
            "truth_problems": check_truth(truth),
            "kernel": {"python": sys.version.split()[0], "prefix": sys.prefix, "executable": sys.executable,
                       "jax": jax.__version__}}


# ---------------------------------------------------------------- judging jaxmagic

def _root(path: str) -> str:
    m = _IDENT.match(path or "")
    return m.group(0) if m else ""


def _within(path: str, told: str) -> bool:
    """``path`` is ``told`` or lies inside it (``model.out.bias`` inside ``model.out``)."""
    return path == told or (told != "" and path.startswith(told) and path[len(told)] in ".[")


def _label(path: str, what: str) -> str:
    return f"{path}: {what}" if path else what


def judge(c: dict[str, Any]) -> list[str]:
    """What jaxmagic's event gets wrong against the compile's truth ([] when it gives the true cause).

    Every true cause must be among jaxmagic's changes, at the user's name (the change's path is
    the truth's path or inside it); every change must be a true cause (or one of ``also``), name
    one of the function's parameters (never a wrapper's internal path) and show two different
    values. Where the truth gives alternatives (``or``), the one jaxmagic is closest to counts.
    """
    jm = c["jaxmagic"]
    if c["trace"] is None:
        return ["JAX did not trace the function this many times: the truth lists a compile that did not happen"]
    if jm is None:
        return ["jaxmagic has no compile event for this compile"]
    changes, params, fn = jm["changes"], c["params"], c["fn"]
    own = []
    for ch in changes:
        if ch["what"] in _WHOLE or ch["what"] == "tracing-context" or not ch["path"]:
            continue
        if params is not None and _root(ch["path"]) not in params:
            own.append(f"names {ch['path']!r}, not a parameter of {fn}{tuple(params)}")
        if ch["before"] == ch["after"]:
            own.append(f"{ch['path']}: {ch['what']} reads the same before and after (the difference is not shown)")
    best: list[str] | None = None
    for causes in alternatives(c["truth"]):
        problems, covered = list(own), set()
        for path, what in causes:
            hits = {i for i, ch in enumerate(changes) if ch["what"] == what and _within(ch["path"], path)}
            if not hits:
                problems.append(f"missing cause {_label(path, what)!r} (jaxmagic: {jm['reason']!r})")
            covered |= hits
        for path, what in c["truth"].get("also", []):
            covered |= {i for i, ch in enumerate(changes) if ch["what"] == what and _within(ch["path"], path)}
        problems += [f"extra cause {_label(ch['path'], ch['what'])!r}"
                     for i, ch in enumerate(changes) if i not in covered]
        if best is None or len(problems) < len(best):
            best = problems
    return best or []


# ---------------------------------------------------------------- scoring JAX

def score_jax(c: dict[str, Any]) -> tuple[str, str]:
    """How JAX's message for this compile compares with the truth: one of :data:`SCORES`, and why.

    ``same cause``: every true cause, at the user's parameter, and nothing untrue;
    ``vaguer``: nothing untrue, but a wrapper's path instead of the parameter, only part of
    the causes, or "never seen" for a function defined again; ``unavailable``: JAX says it has
    no explanation; ``misleads``: a cause that is not true (its "closest previous key" is not
    the closest call), or a redefinition hint on a first call; ``silent``: no message for a
    compile that happened; ``unparsed``: a message this module cannot read.
    JAX is scored at the parameter: its path inside one (``model.states[0][3]``) is its own.
    """
    j = c["jax"]
    if c["trace"] is None:
        return "silent", "no such compile happened"
    if j is None:
        return "silent", "JAX logged no message for this compile"
    if j["kind"] == "unavailable":
        return "unavailable", f'JAX says "{_first_body_line(j["text"])}"'
    if not j["causes"]:
        return "unparsed", "JAX: " + _first_body_line(j["text"])
    best = ("", "")
    for causes in alternatives(c["truth"]):
        got = _score(j["causes"], causes, c["truth"].get("also", []))
        if not best[0] or SCORES.index(got[0]) < SCORES.index(best[0]):
            best = got
    return best


def _first_body_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines()[1:] if ln.strip()]
    body = [ln for ln in lines if not ln.startswith(("for ", "all previously"))]
    return _short((body or lines or [""])[0], 120)


def _jax_label(jc: dict[str, Any]) -> str:
    where = jc["param"] if jc["param"] else (jc["raw"] or "")
    return _label(where, jc["what"])


def _score(jcauses: list[dict[str, Any]], causes: list[list[str]], also: list[list[str]]) -> tuple[str, str]:
    def true_of(jc: dict[str, Any], path: str, what: str) -> bool:
        return jc["what"] == what and (jc["param"] is None or jc["param"] == _root(path))

    untrue = [jc for jc in jcauses if not any(true_of(jc, p, w) for p, w in [*causes, *also])]
    truth = "; ".join(_label(p, w) for p, w in causes)
    if untrue:
        if all(jc["what"] == "first-call" for jc in untrue) and any(w == "function-redefined" for _, w in causes):
            return "vaguer", "JAX calls it a function never seen, not the same function defined again"
        if any(jc["what"] == "function-redefined" for jc in untrue) and any(w == "first-call" for _, w in causes):
            return "misleads", "JAX hints the function is being re-defined; it is its first call"
        return "misleads", f"JAX names {'; '.join(_jax_label(jc) for jc in untrue)}; true: {truth}"
    exact = [any(jc["what"] == w and jc["param"] == _root(p) for jc in jcauses) for p, w in causes]
    if all(exact):
        return "same cause", ""
    wrapper = [jc["raw"] for jc in jcauses if jc["param"] is None]
    if wrapper:
        return "vaguer", f"JAX names {', '.join(sorted(set(wrapper)))} (the wrapper's layout); true: {truth}"
    missing = [_label(p, w) for (p, w), ok in zip(causes, exact) if not ok]
    return "vaguer", f"JAX leaves out {'; '.join(missing)}"


# ---------------------------------------------------------------- showing, running, summing up

def _truth_text(truth: dict[str, Any]) -> str:
    return " | or ".join("; ".join(_label(p, w) for p, w in causes) for causes in alternatives(truth))


def show(result: dict[str, Any], width: int = 110) -> None:
    """Print each compile: its true cause, JAX's message and score, jaxmagic's reason and verdict."""
    for c in result["compiles"]:
        j, jm = c["jax"], c["jaxmagic"]
        print(f"{c['id']:<22} true: {_short(_truth_text(c['truth']), width)}")
        if j is None:
            print(f"{'':<22} JAX: {c['jax_score']} ({c['jax_note']})")
        else:
            said = "; ".join(_jax_label(jc) for jc in j["causes"]) or _first_body_line(j["text"])
            note = f" — {c['jax_note']}" if c["jax_note"] else ""
            print(f"{'':<22} JAX ({j['words']} words): {_short(said, width)} → {c['jax_score']}{_short(note, width)}")
        reason = jm["reason"].replace("\n", "⏎") if jm else "(none)"
        print(f"{'':<22} jaxmagic ({jm['words'] if jm else 0} words): {_short(reason, width)}")
        verdict = "true cause" if not c["problems"] else "WRONG: " + "; ".join(c["problems"])
        print(f"{'':<22} → {_short(verdict, width * 2)}")
    for u in result["untold"]:
        print(f"{u['id']:<22} a compile the truth does not list")
    for m in result["messages"]:
        if m["status"] != "paired":
            print(f"{m['fn'] or '?':<22} JAX message, {m['status']}: {_short(m['head'], width)}")
    for o in result["jaxmagic_only"]:
        print(f"{o['row']:<22} jaxmagic only (no such compile): {_short(o['reason'], width)}")


def summary(name: str, result: dict[str, Any]) -> dict[str, Any]:
    """One notebook's counts: compiles, jaxmagic's true causes, JAX's scores, median words."""
    compiles = result["compiles"]

    def med(xs: list[int]) -> float:
        return statistics.median(xs) if xs else 0

    return {
        "notebook": name,
        "sources": result.get("sources", []),
        "compiles": len(compiles),
        "jaxmagic_true": sum(1 for c in compiles if not c["problems"]),
        "jax": {s: sum(1 for c in compiles if c["jax_score"] == s) for s in SCORES},
        "jax_words": med([c["jax"]["words"] for c in compiles if c["jax"]]),
        "jaxmagic_words": med([c["jaxmagic"]["words"] for c in compiles if c["jaxmagic"]]),
    }


def _this_interpreter() -> Any:
    """A kernel manager that starts ipykernel on the running interpreter, whatever the installed specs say."""
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    class ThisInterpreter(KernelSpecManager):
        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            return KernelSpec(argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                              display_name="Python 3", language="python", name=kernel_name)

    return AsyncKernelManager(kernel_name="python3", kernel_spec_manager=ThisInterpreter())


def run_notebook(path: Any, timeout: int = 120) -> dict[str, Any]:
    """Execute one notebook in a fresh kernel of this interpreter (on the CPU); return its comparison."""
    import os
    import pathlib

    import nbformat
    from nbclient import NotebookClient

    path = pathlib.Path(path)
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    NotebookClient(nb, timeout=timeout, km=_this_interpreter()).execute(cwd=str(path.parent), env=env)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    if errors:
        raise RuntimeError(f"{path.name}: {errors[0].ename}: {errors[0].evalue}")
    printed = "".join(o.text for c in nb.cells if c.cell_type == "code" for o in c.outputs
                      if o.output_type == "stream" and o.name == "stdout")
    [line] = [ln for ln in printed.splitlines() if ln.startswith(MARK)]
    result = json.loads(line[len(MARK):])
    result["sources"] = nb.metadata.get("side_by_side", {}).get("sources", [])
    result["printed"] = printed
    return result
