"""Side by side with JAX's ``jax_explain_cache_misses``: read JAX's explanations, pair them with jaxmagic's.

Used by the notebooks in this folder (their last cell), by ``tests/test_side_by_side.py``
and by ``table.py``. It only reads: JAX's log records (``TRACING CACHE MISS`` at WARNING,
as JAX 0.10 writes them in ``jax/_src/interpreters/partial_eval.py::explain``) and
``jaxmagic.stats()``; it never changes either.

For every miss JAX explains it records:

* ``jax``: the text, its words, and its causes as ``{param, what, before, after}``, where
  ``what`` uses jaxmagic's words (``first-call``, ``function-redefined``, ``shape``,
  ``dtype``, ``weak-type``, ``sharding``, ``static-value``, ``pytree-structure``, and
  ``context`` for JAX's "Tracing context doesn't match") and ``param`` is the user's
  parameter that JAX's path points at (``input path [0][1]`` is the second positional
  parameter, ``[1]['n']`` the keyword ``n``, ``at x`` is ``x``), or None where JAX's path is
  the wrapper's own (``equinox.filter_jit``'s ``[0][2]`` / ``dynamic_nodonate[...]``);
* ``jaxmagic``: the compile event of the same function that this trace led to (the first
  unpaired event of that function finished after JAX logged the miss);
* ``expected``: JAX's causes, or, where JAX's own pick of "the closest previous key" is not
  the closest call (see ``jax_misled``), the true cause the notebook states;
* ``problems``: what jaxmagic got wrong against ``expected`` (empty: matched).
"""
from __future__ import annotations

import difflib
import inspect
import json
import re
import statistics
from typing import Any

__all__ = ["compare", "judge", "show", "run_notebook", "summary", "NOTEBOOKS"]

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

_TYPE_CAUSES = ("shape", "dtype", "weak-type", "sharding")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_WEAK_HINT = "https://docs.jax.dev/en/latest/type_promotion.html#weak-types"


# ---------------------------------------------------------------- JAX's text

def parse_jax(text: str) -> dict[str, Any]:
    """One ``TRACING CACHE MISS`` message: the function's name, where it was defined, its causes."""
    lines = text.splitlines()
    out: dict[str, Any] = {"text": text, "words": len(text.split()), "callsite": "", "fn": "",
                           "defined_at": "", "kind": "", "causes": [], "redefined_hint": False}
    m = re.match(r"TRACING CACHE MISS at (.*):$", lines[0])
    out["callsite"] = m.group(1) if m else lines[0]
    if len(lines) > 2 and lines[1].strip() == "never seen function:":
        m = re.match(r"\s*(.*?) id=\d+(?: defined at (.*))?$", lines[2])
        out["fn"], out["defined_at"] = (m.group(1), m.group(2) or "") if m else (lines[2].strip(), "")
        out["redefined_hint"] = "being re-defined repeatedly" in text
        out["kind"] = "never-seen"
        what = "function-redefined" if out["redefined_hint"] else "first-call"
        out["causes"] = [{"param": None, "what": what, "before": "", "after": "", "raw": lines[2].strip()}]
        return out
    m = re.match(r"\s*for (.*?)(?: defined at (.*))?$", lines[1]) if len(lines) > 1 else None
    if m:
        out["fn"], out["defined_at"] = m.group(1), m.group(2) or ""
    body = "\n".join(lines[3:])  # after "all previously seen cache keys differ. ..."
    first = body.lstrip().splitlines()[0] if body.strip() else ""
    if first.startswith("different input types"):
        out["kind"] = "types"
        out["causes"] = _type_causes(body)
    elif first.startswith("different input pytree"):
        out["kind"] = "pytree"
        out["causes"] = _tree_causes(body)
    elif first.startswith("Tracing context doesn't match"):
        out["kind"] = "context"
        causes = []
        for cm in re.finditer(r"\* (\S+) differs: now (.*?) and before (.*)", body):
            causes.append({"param": None, "what": "context", "before": cm.group(3), "after": cm.group(2),
                           "raw": cm.group(1)})
        out["causes"] = causes or [{"param": None, "what": "context", "before": "", "after": "", "raw": ""}]
    else:
        out["kind"] = "other"
        out["causes"] = [{"param": None, "what": "unknown", "before": "", "after": "", "raw": first}]
    return out


def _split_type(t: str) -> tuple[str, str, str, str]:
    """``f32[4,2]{weak_type=True}`` → (dtype, shape, weak, rest: a sharding annotation)."""
    weak = ""
    wm = re.search(r"\{weak_type=(True|False)\}$", t)
    if wm:
        weak, t = wm.group(1), t[: wm.start()]
    m = re.match(r"([A-Za-z0-9_<>]+)\[([^\]]*)\](.*)$", t)
    if not m:
        return t, "", weak, ""
    return m.group(1), m.group(2), weak, m.group(3)


def _type_causes(body: str) -> list[dict[str, Any]]:
    causes = []
    body = body.replace(_WEAK_HINT, "")
    for m in re.finditer(r"^\s*\* at (.*), now (\S+) and before (\S+)\s*$", body, re.M):
        name, now, before = m.group(1), m.group(2), m.group(3)
        n, b = _split_type(now), _split_type(before)
        param = _param_of_name(name)
        for what, i in (("dtype", 0), ("shape", 1), ("weak-type", 2), ("sharding", 3)):
            if n[i] != b[i]:
                causes.append({"param": param, "what": what, "before": before, "after": now, "raw": name})
    return causes


def _param_of_name(name: str) -> str | None:
    """JAX's argument name (``x``, ``params['w']``, ``opt.opt_state[0]``) → the parameter;
    None for a wrapper's own name (``dynamic_nodonate['rest'][0]``)."""
    m = _IDENT.match(name)
    if not m or m.group(0) in ("dynamic_nodonate", "dynamic_donate", "args", "kwargs"):
        return None
    return m.group(0)


def _tree_causes(body: str) -> list[dict[str, Any]]:
    causes = []
    bullets = re.split(r"\n\s*\* at input path ", "\n" + body.split("\n", 1)[1] if "\n" in body else "")
    for bullet in bullets[1:]:
        m = re.match(r"(\S*), now (.*) and before (.*), so (.*)$", bullet, re.S)
        if not m:
            continue
        path, now, before, why = m.groups()
        cause = {"path": path, "now": now, "before_text": before, "why": why.strip()}
        causes.extend(_tree_cause(cause))
    return causes


def _tree_cause(c: dict[str, Any]) -> list[dict[str, Any]]:
    path, now, before = c["path"], c["now"], c["before_text"]
    raw = f"input path {path}"
    lengths = re.match(r"tuple of length (\d+)$", now), re.match(r"tuple of length (\d+)$", before)
    if path == "[0]" and all(lengths):
        a, b = int(lengths[0].group(1)), int(lengths[1].group(1))
        # the positional parameters present in one call and absent in the other
        return [{"param": ("#pos", i), "what": "pytree-structure", "before": before, "after": now, "raw": raw}
                for i in range(min(a, b), max(a, b))]
    keys = re.search(r"symmetric difference of key sets: \{(.*)\}", c["why"])
    if path == "[1]" and keys:
        return [{"param": k.strip().strip("'\""), "what": "pytree-structure", "before": before, "after": now,
                 "raw": raw} for k in keys.group(1).split(",")]
    m = re.match(r"\[0\]\[(\d+)\]", path)
    param: Any = ("#pos", int(m.group(1))) if m else None
    m = re.match(r"\[1\]\['([^']+)'\]", path)
    if m:
        param = m.group(1)
    static = re.search(r"Static\(val=(.*)\)$", now, re.S), re.search(r"Static\(val=(.*)\)$", before, re.S)
    if all(static):
        after_val, before_val = static[0].group(1), static[1].group(1)
        return [{"param": param, "what": "static-value", "before": before_val, "after": after_val, "raw": raw}]
    return [{"param": param, "what": "pytree-structure", "before": _short(before), "after": _short(now),
             "raw": raw}]


def _short(s: str, n: int = 200) -> str:
    return s if len(s) <= n else s[:n] + "…"


def _differing_tokens(before: str, after: str) -> tuple[str, str]:
    """The part of two long dumps that differs (``0.1`` / ``0.05`` in equinox's static dump)."""
    tok = re.compile(r"[A-Za-z0-9_.+-]+|\S")
    a, b = tok.findall(before), tok.findall(after)
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    old, new = [], []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op != "equal":
            old.append("".join(a[i1:i2]))
            new.append("".join(b[j1:j2]))
    return " ".join(old), " ".join(new)


# ---------------------------------------------------------------- pairing

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


def compare(records: list[dict[str, Any]], stats: dict[str, Any], namespace: dict[str, Any],
            expect_instead: dict[tuple[str, int], dict[str, Any]] | None = None) -> dict[str, Any]:
    """Pair each JAX miss (``records``: ``{"created", "text"}``) with jaxmagic's compile event.

    ``expect_instead`` maps ``(function, n)`` (the n-th miss JAX logged for that function,
    from 1) to ``{"why": ..., "causes": [[param, what], ...]}``: where JAX's "closest
    previous key" is not the closest call, what the true cause is.
    """
    expect_instead = expect_instead or {}
    events = []  # (when, row name, index, event)
    for name, st in stats.items():
        for i, ev in enumerate(st.events):
            if getattr(ev, "retraced", True):
                events.append((ev.when, name, i, ev, st))
    events.sort(key=lambda e: e[0])
    used: set[tuple[str, int]] = set()
    seen_names: list[str] = []
    counts: dict[str, int] = {}
    pairs = []
    for rec in sorted(records, key=lambda r: r["created"]):
        jax = parse_jax(rec["text"])
        fn = jax["fn"]
        if "site-packages" in jax["defined_at"] and not _defined_by_wrapper(fn, jax["defined_at"], namespace):
            # a library's own jit (optax's ``tree_bias_correction``): not one of the notebook's functions, and
            # whether JAX explains its first trace differs between environments (seen with IPython 9 / ipykernel 7)
            continue
        counts[fn] = counts.get(fn, 0) + 1
        k = counts[fn]
        params = _params_of(fn, namespace)
        wrapper_layout = _defined_by_wrapper(fn, jax["defined_at"], namespace)
        for c in jax["causes"]:
            if wrapper_layout and c["what"] not in ("first-call", "function-redefined", "context"):
                c["param"] = None  # JAX's path is into the wrapper's arguments
            elif isinstance(c["param"], tuple):  # a positional index: the user's parameter name
                idx = c["param"][1]
                c["param"] = params[idx] if params is not None and idx < len(params) else None
        pair: dict[str, Any] = {"id": f"{fn}#{k}", "fn": fn, "k": k, "params": params, "jax": jax,
                                "jax_misled": "", "jaxmagic": None}
        # JAX's hint "maybe the function is being re-defined" comes from the call's line, not the
        # function's: it also fires on the first call of a second function jitted by one library line
        if jax["kind"] == "never-seen" and jax["redefined_hint"] and fn not in seen_names:
            pair["jax_misled"] = ("JAX's redefinition hint: no function of this name was seen before "
                                  "(another function was jitted at the same library line)")
            pair["expected"] = [[None, "first-call"]]
        else:
            pair["expected"] = [[c["param"], c["what"]] for c in jax["causes"]]
        if (fn, k) in expect_instead:
            pair["jax_misled"] = expect_instead[(fn, k)]["why"]
            pair["expected"] = [list(c) for c in expect_instead[(fn, k)]["causes"]]
        if jax["kind"] == "never-seen":
            seen_names.append(fn)
        for when, name, i, ev, st in events:
            if (name, i) in used or _base(name) != fn or when < rec["created"] - 1e-3:
                continue
            used.add((name, i))
            pair["jaxmagic"] = {
                "row": name, "wrapper": st.wrapper, "index": i, "reason": ev.reason,
                "words": len(ev.reason.split()),
                "changes": [{"path": ch.path, "what": ch.what, "before": ch.before, "after": ch.after}
                            for ch in ev.changes],
            }
            break
        pair["problems"] = judge(pair)
        pairs.append(pair)
    only = [{"row": name, "index": i, "reason": ev.reason}
            for when, name, i, ev, st in events if (name, i) not in used]
    return {"pairs": pairs, "jaxmagic_only": only}


# ---------------------------------------------------------------- judging

def _root(path: str) -> str | None:
    m = _IDENT.match(path or "")
    return m.group(0) if m else None


def judge(pair: dict[str, Any]) -> list[str]:
    """What jaxmagic's event gets wrong against ``pair["expected"]`` ([] when it gives the same cause)."""
    jm = pair["jaxmagic"]
    if jm is None:
        return ["jaxmagic has no compile event for this miss"]
    problems = []
    params = pair["params"]
    got = [(_root(c["path"]), c["what"], c) for c in jm["changes"]]
    for root, what, c in got:
        if what == "tracing-context":
            continue  # names a JAX setting (jax_default_matmul_precision), not a parameter
        if root is not None and params is not None and root not in params:
            problems.append(f"names {c['path']!r}, not a parameter of {pair['fn']}{tuple(params)}")
        if c["path"] and c["before"] == c["after"]:
            problems.append(f"{c['path']}: {what} reads the same before and after (the difference is not shown)")
    covered = set()
    jax_by_key = {(c["param"], c["what"]): c for c in pair["jax"]["causes"]}
    for param, what in pair["expected"]:
        hits = [i for i, (root, w, c) in enumerate(got) if w == what and (param is None or root == param)]
        if what == "context":  # jaxmagic has to say which setting changed
            hits = [i for i, (root, w, c) in enumerate(got)
                    if w == "tracing-context" and any(
                        jc["raw"].removeprefix("jax_") in json.dumps(c) for jc in pair["jax"]["causes"])]
        if param is None and what == "static-value" and hits:
            # a wrapper's static dump (equinox): the values that differ must be jaxmagic's
            jc = jax_by_key.get((None, "static-value"))
            if jc is not None:
                old, new = _differing_tokens(jc["before"], jc["after"])
                # the new value only: among equally close earlier calls JAX and jaxmagic may pick others
                hits = [i for i in hits if got[i][2]["after"] in new.split()]
        if param is None and what not in ("first-call", "function-redefined", "context"):
            hits = [i for i in hits if got[i][0] is not None]  # a user parameter, not a wrapper's path
        if not hits:
            label = f"{param}: {what}" if param else what
            problems.append(f"missing cause {label!r} (jaxmagic: {jm['reason']!r})")
        covered.update(hits)
    # JAX stops at the first level that differs (context, then pytree structure, then types):
    # after a context or pytree cause it never compared types, so a type cause jaxmagic adds is
    # not contradicted; after a types answer every earlier call had the same structure
    unchecked = _TYPE_CAUSES if pair["jax"]["kind"] in ("context", "pytree") and not pair["jax_misled"] else ()
    for i, (root, what, c) in enumerate(got):
        if i not in covered and what not in unchecked:
            label = f"{c['path']}: {what}" if c["path"] else what
            problems.append(f"extra cause {label!r}")
    return problems


# ---------------------------------------------------------------- showing, running, summing up

def show(result: dict[str, Any], width: int = 110) -> None:
    """Print the pairs one under the other: JAX's cause, jaxmagic's, and the verdict."""
    for p in result["pairs"]:
        j = p["jax"]
        jtxt = "; ".join(c["what"] if c["what"] in ("first-call", "function-redefined")
                         else f"{c['param'] or c['raw']}: {c['what']}" for c in j["causes"])
        verdict = "same cause" if not p["problems"] else "DIFFERENT: " + "; ".join(p["problems"])
        if p["jax_misled"] and not p["problems"]:
            verdict = "true cause (JAX's explanation misleads: " + p["jax_misled"] + ")"
        print(f"{p['id']:<22} JAX ({j['words']} words): {_short(jtxt, width)}")
        reason = p["jaxmagic"]["reason"].replace("\n", "⏎") if p["jaxmagic"] else "(none)"
        words = p["jaxmagic"]["words"] if p["jaxmagic"] else 0
        print(f"{'':<22} jaxmagic ({words} words): {_short(reason, width)}")
        print(f"{'':<22} → {_short(verdict, width * 2)}")
    for o in result["jaxmagic_only"]:
        print(f"{o['row']:<22} jaxmagic only (JAX said nothing): {_short(o['reason'], width)}")


def summary(name: str, result: dict[str, Any]) -> dict[str, Any]:
    pairs = result["pairs"]
    def med(xs: list[int]) -> float:
        return statistics.median(xs) if xs else 0
    return {
        "notebook": name,
        "sources": result.get("sources", []),
        "jax_misses": len(pairs),
        "matched": sum(1 for p in pairs if not p["problems"] and not p["jax_misled"]),
        "jax_misled": sum(1 for p in pairs if p["jax_misled"]),
        "jax_misled_true_cause": sum(1 for p in pairs if p["jax_misled"] and not p["problems"]),
        "different": [p["id"] for p in pairs if p["problems"]],
        "jaxmagic_only": len(result["jaxmagic_only"]),
        "jax_words": med([p["jax"]["words"] for p in pairs]),
        "jaxmagic_words": med([p["jaxmagic"]["words"] for p in pairs if p["jaxmagic"]]),
    }


MARK = "SIDE_BY_SIDE_JSON="


def run_notebook(path: Any, timeout: int = 120) -> dict[str, Any]:
    """Execute one notebook in a fresh kernel (on the CPU); return its source and its comparison."""
    import os
    import pathlib

    import nbformat
    from nbclient import NotebookClient

    path = pathlib.Path(path)
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    NotebookClient(nb, timeout=timeout, kernel_name="python3").execute(cwd=str(path.parent), env=env)
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
