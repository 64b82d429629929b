"""Issue 26: explanations reach into the libraries researchers use.

Each cell is my own minimal reduction of a real report (cited), run with the
real library: the failing line is in the user's function, but library code
(a solver's loop, a sampler's jit, a Haiku transform, ``vmap``) called it.
The fixes are tried by running the failing trace again with the user's code
swapped in place; the tests also hold that doing so leaves nothing behind —
the user's function keeps its code, JAX's caches never serve the rewritten
code, and no backend compile happens.

The held-out set (``explain_libraries_a.py``, ``explain_libraries_b.py``) is
measured by ``explain_libraries_figures.py``; its figures before and after are in
``docs/measurements/``. Here it is held to the level reached, so it cannot slip back.
"""
from __future__ import annotations

import ast

import pytest
from corpus_harness import run_case
from explain_corpus import Case

import jaxmagic

pytest.importorskip("optimistix")
pytest.importorskip("numpyro")
pytest.importorskip("diffrax")
pytest.importorskip("haiku")

NUMPYRO_1570 = "https://github.com/pyro-ppl/numpyro/issues/1570"
DIFFRAX_379 = "https://github.com/patrick-kidger/diffrax/issues/379"
JAX_24740 = "https://github.com/jax-ml/jax/issues/24740"
HAIKU_CONCRETE = "https://github.com/google/flax/issues/1077"

OBJECTIVE = Case(
    id="optx-objective-branches",
    source=NUMPYRO_1570,  # the same pattern: a value check in a function a library's loop calls
    code="""\
import jax, jax.numpy as jnp
import optimistix as optx

def loss(y, args):
    if y[0] > 0:
        return jnp.sum(y ** 2)
    return jnp.sum(y ** 4)

optx.minimise(loss, optx.BFGS(rtol=1e-6, atol=1e-6), jnp.ones(3))
""",
    kind="bool-conversion", argument="y", path="y", line=5, fixes=("jnp.where", "lax.cond"), verifiable=True,
    jax_fitting_fix=False,
)

SAMPLER = Case(
    id="numpyro-model-helper-branches",
    source=NUMPYRO_1570,
    code="""\
import jax, jax.numpy as jnp
import numpyro, numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS

def forward(x, a, b):
    y = b + a * x
    if a < 5:
        y = y * 0.5
    return y

def model(x, obs):
    a = numpyro.sample("a", dist.Normal(10.0, 1.0))
    b = numpyro.sample("b", dist.Normal(0.0, 1.0))
    numpyro.sample("obs", dist.Normal(forward(x, a, b), 1.0), obs=obs)

mcmc = MCMC(NUTS(model), num_warmup=5, num_samples=5, progress_bar=False)
mcmc.run(jax.random.key(0), jnp.arange(4.0), jnp.arange(4.0) * 10)
""",
    kind="bool-conversion", argument=None, path=None, line=7, fixes=("jnp.where", "lax.cond"), verifiable=True,
    jax_fitting_fix=False,
)

SOLVER_BUDGET = Case(
    id="diffrax-max-steps-traced",
    source=DIFFRAX_379,
    code="""\
import jax, jax.numpy as jnp
import diffrax

def decay(t, y, args):
    return -y

@jax.jit
def solve(y0, n):
    return diffrax.diffeqsolve(diffrax.ODETerm(decay), diffrax.Tsit5(), 0.0, 1.0, 0.1, y0, max_steps=n).ys

solve(jnp.ones(2), 16)
""",
    kind="traced-shape", argument="n", path="n", line=9, fixes=("static",), verifiable=True, jax_fitting_fix=False,
)

MAPPED = Case(
    id="vmap-in-axes-branch-no-jit-on-stack",
    source=JAX_24740,
    code="""\
import jax, jax.numpy as jnp

def escape(c, limit):
    z = c * c + c
    if jnp.abs(z) > limit:
        return jnp.array(1)
    return jnp.array(0)

jax.vmap(escape, in_axes=(0, None))(jnp.array([0.1, 2.0]), 2.0)
""",
    kind="bool-conversion", argument="c", path="c", line=5, fixes=("jnp.where", "lax.cond"), verifiable=True,
    jax_fitting_fix=False,
)

HAIKU = Case(
    id="haiku-forward-int-of-traced",
    source=HAIKU_CONCRETE,  # a module's forward pass needing a Python value of its input under the library
    code="""\
import jax, jax.numpy as jnp
import haiku as hk

def forward(x):
    n = int(x.sum())
    return hk.Linear(4)(x) * n

f = hk.without_apply_rng(hk.transform(forward))
params = f.init(jax.random.key(0), jnp.ones((2, 3)))
jax.jit(f.apply)(params, jnp.ones((2, 3)))
""",
    kind="concretization", argument="x", path="x", line=5, fixes=("astype",), verifiable=True, jax_fitting_fix=False,
)

CASES = [OBJECTIVE, SAMPLER, SOLVER_BUDGET, MAPPED, HAIKU]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_users_line_argument_and_a_fix_tried_through_the_library(case, tmp_path):
    found = run_case(case, tmp_path).explanation
    assert found is not None and found.analysis_failed is None
    assert (found.kind, found.argument, found.lineno) == (case.kind, case.argument, case.line)
    top = found.fixes[0]
    assert top.kind in case.fixes
    assert top.verified is True, top.outcome
    assert "_dynamic" not in found.message and "dynamic_nodonate" not in found.message


def test_the_outcome_names_the_library_that_ran_the_trace_again(tmp_path):
    found = run_case(OBJECTIVE, tmp_path).explanation
    assert found.fixes[0].outcome == "traced (the failing trace run again through optimistix)"
    assert "while tracing loss" in found.text()


def test_trying_fixes_in_place_leaves_the_users_function_and_jaxs_caches_as_they_were(tmp_path, jax_events):
    outcome = run_case(OBJECTIVE, tmp_path)
    assert outcome.explanation.fixes[0].verified is True
    loss = outcome.exception.__traceback__  # the user's function, through the failing frame
    frames = []
    while loss is not None:
        frames.append(loss.tb_frame)
        loss = loss.tb_next
    code = next(f.f_code for f in frames if f.f_code.co_name == "loss")
    namespace = next(f.f_globals for f in frames if f.f_code.co_name == "loss")
    assert namespace["loss"].__code__ is code  # swapped back
    # the same call fails again as it did: no cache entry of the rewritten code serves it
    import optimistix as optx
    import jax.numpy as jnp

    jax_events.clear()
    with pytest.raises(Exception) as again:
        optx.minimise(namespace["loss"], optx.BFGS(rtol=1e-6, atol=1e-6), jnp.ones(3))
    assert type(again.value) is type(outcome.exception)


def test_running_the_failing_trace_again_never_compiles_for_the_backend(tmp_path, explain_events):
    seen = explain_events
    for case in (OBJECTIVE, SOLVER_BUDGET, HAIKU, MAPPED):
        found = run_case(case, tmp_path).explanation
        assert found.fixes[0].verified is True, case.id
        assert seen["traces"] > 0, case.id  # it did trace again...
        assert seen["compiles"] == 0, case.id  # ...and never compiled for the backend


def test_a_librarys_own_check_on_a_traced_value_is_explained_like_jaxs():
    import jax
    import jax.numpy as jnp
    import optimistix as optx

    def loss(y, args):
        return jnp.sum((y - args) ** 2)

    @jax.jit
    def fit(target, n_steps):
        return optx.minimise(loss, optx.BFGS(rtol=1e-6, atol=1e-6), jnp.zeros(3), args=target,
                             max_steps=n_steps).value

    with pytest.raises(ValueError) as caught:  # optimistix's own words: max_steps must be a Python integer
        fit(jnp.ones(3), 8)
    found = jaxmagic.explain(caught.value, fit, (jnp.ones(3), 8))
    assert found is not None and found.kind == "traced-shape" and found.argument == "n_steps"
    assert found.fixes[0].kind == "static" and found.fixes[0].verified is True


def test_from_the_exception_alone_nothing_is_tried(tmp_path):
    outcome = run_case(OBJECTIVE, tmp_path)
    found = jaxmagic.explain(outcome.exception)  # SPEC: without the call, no verified fixes
    assert found.argument == "y" and all(f.verified is None for f in found.fixes)


def test_the_held_out_library_set_stays_at_the_level_reached(tmp_path):
    for library in ("lineax", "jaxopt", "interpax", "ott", "jraph", "chex", "mctx", "dm_pix"):
        pytest.importorskip(library)
    from explain_libraries_a import CASES as FIRST
    from explain_libraries_b import CASES as SECOND

    hits = {"kind": 0, "argument": 0, "line": 0, "top fix": 0, "top fix verified": 0}
    cases = [*FIRST, *SECOND]
    for case in cases:
        found = run_case(case, tmp_path).explanation
        if found is None:
            continue
        assert found.analysis_failed is None, case.id
        for fix in found.fixes:  # every fix is code that parses (or a %%jittrace line)
            assert fix.code.startswith("%%") or ast.parse(fix.code), (case.id, fix.code)
        top = found.fixes[0] if found.fixes else None
        hits["kind"] += found.kind == case.kind
        hits["argument"] += found.argument == case.argument
        hits["line"] += found.lineno == case.line
        hits["top fix"] += top is not None and top.kind in case.fixes
        hits["top fix verified"] += top is not None and top.kind in case.fixes and top.verified is True
    share = {name: count / len(cases) for name, count in hits.items()}
    # the figures of issue 26's work (docs/measurements/issue-26-libraries-after-round-2.md), less one case each
    floor = {"kind": 0.90, "argument": 0.96, "line": 0.96, "top fix": 0.80, "top fix verified": 0.74}
    assert all(share[name] >= floor[name] for name in floor), share


PMAP_DOCS = "https://docs.jax.dev/en/latest/_autosummary/jax.pmap.html"
VMAP_DOCS = "https://docs.jax.dev/en/latest/_autosummary/jax.vmap.html"
METHODS_FAQ = "https://docs.jax.dev/en/latest/faq.html#how-to-use-jit-with-methods"


def _cell(case_id: str, source: str, code: str, line: int, argument: str) -> Case:
    return Case(id=case_id, source=source, code=code, kind="traced-shape", argument=argument, path=argument,
                line=line, fixes=("static",), verifiable=True, jax_fitting_fix=False)


def test_pmap_gets_static_broadcasted_argnums_in_the_users_own_expression(tmp_path):
    case = _cell("pmap-padding-broadcast", PMAP_DOCS, """\
import jax, jax.numpy as jnp

def pad_each(img, width):
    return jnp.pad(img, ((width, width), (0, 0)))

jax.pmap(pad_each, in_axes=(0, None))(jnp.ones((1, 4, 3)), 2)
""", 4, "width")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument) == ("traced-shape", "width")
    top = found.fixes[0]
    assert top.code == "jax.pmap(pad_each, in_axes=(0, None), static_broadcasted_argnums=(1,))"
    assert top.verified is True and "pmap" in top.outcome


def test_vmap_keeps_an_unmapped_argument_a_python_value(tmp_path):
    case = _cell("vmap-size-unmapped", VMAP_DOCS, """\
import jax, jax.numpy as jnp

def head(row, k):
    return jnp.zeros(k) + row[:1]

jax.vmap(head)(jnp.ones((3, 5)), jnp.full((3,), 2))
""", 4, "k")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.kind == "static" and top.code == "jax.vmap(head, in_axes=(0, None))"
    assert top.verified is True  # tried with the one value every example had


def test_a_jitted_method_with_static_self_gets_every_static_argument_by_position(tmp_path):
    case = _cell("method-static-self-positions", METHODS_FAQ, """\
import functools
import jax, jax.numpy as jnp

class Window:
    def __init__(self, scale):
        self.scale = scale

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, x, size):
        return jnp.zeros(size) + x.sum() * self.scale

Window(2.0)(jnp.ones(3), 4)
""", 10, "size")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    # with static_argnums given, JAX infers no names: static_argnames='size' would leave size traced
    assert "static_argnums=(0, 2)" in top.code and "static_argnames" not in top.code
    assert top.verified is True


GOTCHAS_MASKS = "https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html"


def test_copying_masked_elements_into_another_array_becomes_one_where(tmp_path):
    case = Case(id="at-set-selected", source=GOTCHAS_MASKS, code="""\
import jax, jax.numpy as jnp

def keep_valid(prior, logits, valid):
    return prior.at[valid].set(logits[valid])

jax.jit(keep_valid)(jnp.zeros(4), jnp.arange(4.0), jnp.array([True, False, True, False]))
""", kind="boolean-index", argument="logits", path="logits", line=4, fixes=("jnp.where",), verifiable=True,
        jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.code == "jnp.where(valid, logits, prior)" and top.verified is True


def test_a_real_kernel_explains_an_error_inside_a_library_with_the_fix_tried_there(tmp_path):
    from notebook_support import run_notebook

    cells = run_notebook([
        "%load_ext jaxmagic\n%jittrace_explain on",
        OBJECTIVE.code,
    ], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[1].outputs)
    assert "depends on argument y" in shown
    assert "✓ verified: traces" in shown and "_dynamic" not in shown
    assert any(o.get("output_type") == "error" and o.get("ename") == "TracerBoolConversionError"
               for o in cells[1].outputs)  # the user's own exception is still there


CONTROL_FLOW = "https://docs.jax.dev/en/latest/control-flow.html"


def test_a_loop_temporary_is_not_carried_by_the_fori_loop_rewrite(tmp_path):
    case = Case(id="fori-loop-temporary", source=CONTROL_FLOW, code="""\
import jax, jax.numpy as jnp

@jax.jit
def smooth(x, steps):
    for _ in range(steps):
        avg = (x + jnp.roll(x, 1)) / 2
        x = avg * 0.9
    return x

smooth(jnp.ones(4), 3)
""", kind="integer-conversion", argument="steps", path="steps", line=5, fixes=("lax.fori_loop",), verifiable=True,
        jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    loop = next(f for f in found.fixes if f.kind == "lax.fori_loop")
    assert "x, = jax.lax.fori_loop(0, steps, body_fun, (x,))" in loop.code  # avg is set afresh each step
    assert loop.verified is True


def _shares_where_installed(cases: list[Case], tmp_path, minimum: int) -> dict[str, float]:
    """The figures over the cases whose libraries import here (the test dependencies leave out libraries with
    large dependencies, and cola-ml, whose dispatcher package would replace quax's); every fix parses."""
    import importlib

    def installed(case: Case) -> bool:
        roots = {n.names[0].name.split(".")[0] if isinstance(n, ast.Import) else (n.module or "").split(".")[0]
                 for n in ast.walk(ast.parse(case.code)) if isinstance(n, (ast.Import, ast.ImportFrom))}
        try:
            return all(importlib.import_module(root) is not None for root in roots if root)
        except Exception:  # noqa: BLE001 - not installed, or broken by another package here
            return False

    cases = [case for case in cases if installed(case)]
    if len(cases) < minimum:
        pytest.skip(f"only {len(cases)} of the set's cases have their library installed")
    hits = {"argument": 0, "line": 0, "top fix": 0, "top fix verified": 0}
    ran = 0
    for case in cases:
        try:
            found = run_case(case, tmp_path).explanation
        except Exception:  # noqa: BLE001 - the cell's own setup failed here (a library's import under this session)
            continue
        ran += 1
        if found is None:
            continue
        assert found.analysis_failed is None, case.id
        for fix in found.fixes:
            assert fix.code.startswith("%%") or ast.parse(fix.code), (case.id, fix.code)
        top = found.fixes[0] if found.fixes else None
        hits["argument"] += found.argument == case.argument
        hits["line"] += found.lineno == case.line
        hits["top fix"] += top is not None and top.kind in case.fixes
        hits["top fix verified"] += top is not None and top.kind in case.fixes and top.verified is True
    if ran < minimum:
        pytest.skip(f"only {ran} of the set's cases could be set up here")
    return {name: count / ran for name, count in hits.items()}


def test_the_second_held_out_library_set_stays_at_the_level_reached(tmp_path):
    """Sets C and D (``explain_libraries_c.py``, ``_d.py``)."""
    from explain_libraries_c import CASES as THIRD
    from explain_libraries_d import CASES as FOURTH

    share = _shares_where_installed([*THIRD, *FOURTH], tmp_path, 30)
    # docs/measurements/issue-26-libraries-2-*.md, less about two cases each
    # (here 38 cases: argument 92%, line 97%, top fix 89%, top fix verified 79%)
    floor = {"argument": 0.86, "line": 0.92, "top fix": 0.84, "top fix verified": 0.73}
    assert all(share[name] >= floor[name] for name in floor), share


def test_the_third_held_out_library_set_stays_at_the_level_reached(tmp_path):
    """Sets E and F (``explain_libraries_e.py``, ``_f.py``), no longer held out once measured
    (docs/measurements/issue-26-libraries-3-*.md)."""
    from explain_libraries_e import CASES as FIFTH
    from explain_libraries_f import CASES as SIXTH

    share = _shares_where_installed([*FIFTH, *SIXTH], tmp_path, 30)
    # at the end of the round, 48 cases: argument 100%, line 100%, top fix 96%, top fix verified 90%; less
    # about two cases each, for the cases a test environment leaves out
    floor = {"argument": 0.94, "line": 0.94, "top fix": 0.90, "top fix verified": 0.84}
    assert all(share[name] >= floor[name] for name in floor), share
