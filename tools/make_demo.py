"""Write demo.ipynb (cells without outputs).  Run: python tools/make_demo.py"""
from __future__ import annotations

import pathlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

md, code = new_markdown_cell, new_code_cell

CELLS = [
    md(
        "# Tracing, static arguments and recompiles — seen with `jaxmagic`\n\n"
        "`jax.jit` does not run your function on your numbers. It runs it **once** on stand-ins "
        "called *tracers*, records every array operation into a program (a *jaxpr*), compiles that "
        "program with XLA, and from then on runs the compiled program. This notebook makes that "
        "visible: `%%jittrace` jits the functions a cell defines and shows, for every trace, what "
        "JAX saw.\n\n"
        "Run it top to bottom. Headless: `jupyter execute demo.ipynb`."
    ),
    code("%load_ext jaxmagic\nimport jax\nimport jax.numpy as jnp\nimport jaxmagic"),
    md(
        "## 1. A tracer knows shape and dtype, never values\n\n"
        "Look at the argument table below: `x` is `ShapedArray(float32[3])` — three float32 "
        "numbers, values unknown. The Python scalar `scale` becomes a *weakly typed* scalar: it "
        "adopts the dtype of whatever it meets. The jaxpr is everything JAX recorded."
    ),
    code("%%jittrace\ndef scale_and_shift(x, scale):\n    return jnp.sin(x) * scale + 1.0\n\nscale_and_shift(jnp.arange(3.0), 2.0)"),
    md(
        "## 2. Python `if` on a traced value fails\n\n"
        "`x.sum() > 0` is a tracer too: a `bool[]` whose value nobody knows while tracing. Python's "
        "`if` must choose a branch *now*, so JAX raises `TracerBoolConversionError`. `%%jittrace` "
        "catches tracing errors and explains them: the line of this cell, the argument the value "
        "came from, and the fixes in order of preference, written for this line. Each fix was tried "
        "on a private copy of the function, and the report says whether it traced (add `--raise` to "
        "re-raise the original exception)."
    ),
    code("%%jittrace\ndef bad(x):\n    if x.sum() > 0:          # needs the value of a tracer\n        return x\n    return -x\n\nbad(jnp.ones(3))"),
    md(
        "## 3. The fixes, in order of preference\n\n"
        "**First choice — array-level logic.** Compute both candidates and let `jnp.where` pick "
        "element-wise. The choice becomes part of the compiled program (`select_n` in the jaxpr), "
        "so no Python value is needed."
    ),
    code("%%jittrace\ndef good(x):\n    return jnp.where(x.sum() > 0, x, -x)\n\nprint(good(jnp.ones(3)))"),
    md(
        "**Second choice — structured control flow from `jax.lax`.** `lax.cond` traces *both* "
        "branches and picks one at run time. Use it when the branches are costly or differ in work."
    ),
    code(
        "%%jittrace\ndef good_cond(x):\n    return jax.lax.cond(x.sum() > 0, lambda v: v, lambda v: -v, x)\n\n"
        "print(good_cond(-jnp.ones(3)))"
    ),
    md(
        "**Third choice — mark the argument static.** A static argument is a compile-time "
        "constant: JAX sees its value, so it may decide shapes. `jnp.tile(x, n)` needs `n` to know "
        "the output shape. The report shows `n` as *static 3*, not as a tracer. The cost: every new "
        "value of `n` compiles a new version."
    ),
    code("%%jittrace --static-argnames n\ndef rep(x, n):\n    return jnp.tile(x, n)\n\nprint(rep(jnp.array([1, 2]), n=3))"),
    md("A new value of `n` means a new program. The report says why JAX traced again:"),
    code("%%jittrace\nprint(rep(jnp.array([1, 2]), n=4))"),
    md(
        "## 4. Shapes are static\n\n"
        "A tracer does know its shape, so `x.shape[0]` is a plain Python `int`: branch on it, "
        "compute with it. In the jaxpr below there is no multiplication at all — the answer, "
        "`10`, was computed by Python while tracing and baked in as a constant."
    ),
    code("%%jittrace\ndef twice_rows(x):\n    return x.shape[0] * 2\n\nprint(twice_rows(jnp.ones((5, 2))))"),
    md(
        "Python loops over a fixed `range` are fine too: they *unroll*. Three iterations become "
        "three copies of the loop body in the jaxpr. A loop of thousands of iterations makes a "
        "long program and a slow compile; that is what `lax.fori_loop` is for."
    ),
    code("%%jittrace\ndef three_steps(x):\n    for _ in range(3):\n        x = jnp.cos(x)\n    return x\n\nthree_steps(jnp.ones(2))"),
    md(
        "## 5. What triggers a recompile\n\n"
        "JAX keeps one compiled program per *signature*: the shapes and dtypes of the traced "
        "arguments, the values of the static ones, and the pytree structure. Calling again with "
        "the same signature reuses the compiled program — no trace. Each report entry below says "
        "exactly which part of the signature was new."
    ),
    code(
        "%%jittrace\ndef loss(params, x):\n    return jnp.sum((x @ params['w'] + params['b']) ** 2)\n\n"
        "params = {'w': jnp.ones((3, 2)), 'b': jnp.zeros(2)}\n"
        "loss(params, jnp.ones((4, 3)))                     # first call\n"
        "loss(params, jnp.ones((4, 3)))                     # same signature: cached, no trace\n"
        "loss(params, jnp.ones((8, 3)))                     # new batch size: new shape\n"
        "loss(params, jnp.ones((8, 3), dtype=jnp.bfloat16))  # new dtype\n"
        "loss({**params, 'scale': jnp.ones(())}, jnp.ones((8, 3)))  # new pytree structure"
    ),
    md(
        "Variable-length inputs (sentences, the last short batch of an epoch) therefore compile "
        "once per length. Pad them to a few bucket sizes instead.\n\n"
        "**Watch out:** marking an argument that changes every call as static — a step counter, "
        "say — compiles a new program on every step:"
    ),
    code(
        "%%jittrace --static-argnames step --quiet\ndef update(w, step):\n    return w - 0.1 / (1 + step) * w\n\n"
        "w = jnp.ones(3)\nfor step in range(5):\n    w = update(w, step)"
    ),
    md("`--quiet` kept the five-part report out of sight; `jaxmagic.last_report()` still has it:"),
    code(
        "report = jaxmagic.last_report()\nprint(len(report.traces), 'traces for 5 steps')\n"
        "for entry in report.traces:\n    print(' ', entry.reason)"
    ),
    md("Passing `step` as an ordinary traced argument compiles once, whatever its value:"),
    code(
        "%%jittrace --quiet\ndef update(w, step):\n    return w - 0.1 / (1 + step) * w\n\n"
        "w = jnp.ones(3)\nfor step in range(5):\n    w = update(w, step)"
    ),
    code("print(len(jaxmagic.last_report().traces), 'trace for 5 steps')"),
    md(
        "## 6. One call of any function: `%jittrace`\n\n"
        "`%jittrace EXPR` traces a single call — of a plain function, of your own `jax.jit` "
        "object, or of a tracked one — without redefining anything. If JAX already compiled that "
        "signature, the report says it was cached."
    ),
    code("def normalize(v):\n    return v / jnp.linalg.norm(v)\n\n%jittrace normalize(jnp.array([3.0, 4.0]))"),
    md(
        "## 7. The whole lesson in one cell\n\n"
        "The original lesson's example, unchanged, under `%%jittrace`: each printed line is what "
        "the lesson promises, and the report below shows the four traces behind them."
    ),
    code(
        "%%jittrace\n"
        "@jax.jit\n"
        "def bad(x):\n"
        "    if x.sum() > 0:          # Python bool of a tracer\n"
        "        return x\n"
        "    return -x\n\n"
        "try:\n"
        "    bad(jnp.ones(3))\n"
        "except jax.errors.TracerBoolConversionError:\n"
        "    print(\"TracerBoolConversionError\")\n\n"
        "@jax.jit\n"
        "def good(x):\n"
        "    return jnp.where(x.sum() > 0, x, -x)\n"
        "print(good(jnp.ones(3)))                 # [1. 1. 1.]\n\n"
        "rep = jax.jit(lambda x, n: jnp.tile(x, n), static_argnames=\"n\")  # n sets the shape\n"
        "print(rep(jnp.array([1, 2]), n=3))       # [1 2 1 2 1 2]\n\n"
        "print(jax.jit(lambda x: x.shape[0] * 2)(jnp.ones((5, 2))))  # 10: shapes are static"
    ),
    md(
        "## 8. Explanations anywhere\n\n"
        "Outside `%%jittrace`, `jaxmagic.explain(error, fn, args)` gives the same explanation as a "
        "Python object (`kind`, `argument`, `lineno`, `fixes`), and `%jittrace_explain on` adds it "
        "below the traceback of any cell that raises a tracing error. Here a size comes from a "
        "traced argument: `n` is a Python int at the call, so marking it static helps, and "
        "jaxmagic checked that it does."
    ),
    code(
        "@jax.jit\n"
        "def grow(x, n):\n"
        "    return jnp.zeros(n) + x\n\n"
        "try:\n"
        "    grow(1.0, 3)\n"
        "except TypeError as error:\n"
        "    found = jaxmagic.explain(error, grow, (1.0, 3))\n"
        "print(found.kind, found.argument, [(fix.kind, fix.verified) for fix in found.fixes])\n"
        "found"
    ),
    md(
        "## 9. Recompiles, counted and explained\n\n"
        "Every new shape, dtype, static value or pytree structure compiles again. `%jittrace_panel` "
        "shows one row per jitted function — yours and every other jit in the kernel — and updates "
        "while a cell runs. Here a training step marks its step counter static (the lesson's "
        "*watch out for*), and a batch of varying length feeds another function."
    ),
    code("%jittrace_panel"),
    code(
        "@jaxmagic.track(static_argnames='step')\n"
        "def decay(w, step):\n"
        "    return w * 0.99 ** step\n\n"
        "@jaxmagic.track\n"
        "def batch_loss(batch):\n"
        "    return (batch ** 2).mean()\n\n"
        "for step in range(8):\n"
        "    decay(jnp.ones(3), step=step)\n"
        "    batch_loss(jnp.ones(3 + step))"
    ),
    md(
        "Each compile has its reason, compared with the closest earlier signature, and the "
        "patterns become advice: make `step` traced; pad the batch to a few bucket sizes."
    ),
    code(
        "for name in ('decay', 'batch_loss'):\n"
        "    s = jaxmagic.stats(name)\n"
        "    print(name, s.compiles, 'compiles; last:', s.events[-1].reason)\n"
        "    for advice in s.advice:\n"
        "        print('  ', advice.kind, '-', advice.message)"
    ),
    md(
        "## 10. Which line became which operations\n\n"
        "The report's *source \u2192 operations* part puts each line of the cell beside the "
        "equations it produced (in Jupyter, pointing at a line lights up its equations, and the "
        "reverse). It shows the mental model at work: Python runs the function **once**, at trace "
        "time; `x.shape[0]` is a plain int; the `if` on it is decided then; the `for` loop unrolls "
        "into three copies of its body. The second call is cached: Python does not run again, so "
        "nothing is printed."
    ),
    code(
        "%%jittrace\n"
        "def teach(x):\n"
        "    print('Python runs now, at trace time')\n"
        "    n = x.shape[0]              # a plain int: shapes are static\n"
        "    for i in range(3):          # unrolls into three copies\n"
        "        x = jnp.sin(x) + i\n"
        "    if n > 3:                   # decided while tracing\n"
        "        x = x * 2\n"
        "    return x\n\n"
        "teach(jnp.ones(5))\n"
        "teach(jnp.ones(5))"
    ),
    md("The same, as data (`report.lines`), for a notebook test or a slide:"),
    code(
        "for line in jaxmagic.last_report().lines:\n"
        "    if line.kind in ('ops', 'trace-time', 'not-run'):\n"
        "        print(f'{line.lineno:>2}  {line.text.split(\"#\")[0].strip():<24} {line.summary}')"
    ),
    md(
        "## Remember\n\n"
        "- Tracers know shape and dtype, never values: Python branching on them fails.\n"
        "- Fix with array-level logic first (`jnp.where`, masks), then `jax.lax` control flow, "
        "then static arguments.\n"
        "- Static arguments are compile-time constants; each new value compiles again.\n"
        "- New shapes, dtypes or pytree structures compile again too; the same signature never does.\n\n"
        "To explore interactively: `pip install jupyterlab` then `jupyter lab demo.ipynb`."
    ),
]


def main() -> None:
    nb = new_notebook(cells=CELLS)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    path = pathlib.Path(__file__).resolve().parent.parent / "demo.ipynb"
    nbformat.write(nb, path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
