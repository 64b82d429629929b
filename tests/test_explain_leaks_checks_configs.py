"""Issue 26, third round: leaks no jit of the user's traced, checks that refuse a tracer, library configs.

- a leak from a scan's body run at the top level: the value joins what each step
  outputs, tried by tracing the user's ``lax.scan(...)`` line again, abstractly;
- a leak from a function a library jits (a diffrax vector field): the store handed to
  ``jax.debug.callback`` keeps concrete values, tried through the library's cached
  jitted call; the return-value rewrite is tried there too, and fails honestly;
- a leaked state of ``step(key, state)`` is named by the state, not the key;
- a type checker's own error for a tracer given to an ``int`` parameter is a
  tracing error, named by the caller's argument, with its static fix tried;
- a library's mutable configuration (``ml_collections.ConfigDict``) made static as
  its library's hashable twin (``FrozenConfigDict``), never registered as a pytree.

Each cell is my own minimal reduction of the pattern its ``source`` documents.
None of these tries ever compiles for the backend, and none leaves a tracer in
the user's objects.
"""
from __future__ import annotations

import sys

import pytest
from corpus_harness import leak_case, run_case
from explain_corpus import Case

import jaxmagic

LEAK_DOCS = "https://docs.jax.dev/en/latest/errors.html#jax.errors.UnexpectedTracerError"
SCAN_HISTORY = "https://github.com/world-modelz/dreamax/issues/14"
SOLVER_CALLBACK = "https://github.com/patrick-kidger/diffrax/issues/109"
STEP_STATE = "https://github.com/awslabs/fortuna/pull/57"
INT_HINT = "https://github.com/beartype/beartype/issues/183"
CONFIG_STATIC = "https://github.com/google/ml_collections#frozenconfigdict"


def _leak(case_id: str, source: str, code: str, line: int, argument: str) -> Case:
    return leak_case(case_id, source, code, line, argument, jax_fitting_fix=False)


def _namespace(case: Case) -> dict:
    return sys.modules[f"jaxmagic_corpus_{case.id.replace('-', '_')}"].__dict__


def stored_by_the_users_run(case: Case, name: str) -> int:
    """How many tracers the cell's own run stores, counted by running it again without jaxmagic."""
    namespace: dict = {}
    exec(compile(case.code.rsplit("\n", 2)[0], "<count>", "exec"), namespace)
    return len(namespace[name])



def test_a_leak_from_a_scan_body_run_at_top_level_becomes_a_per_step_output_and_is_tried(tmp_path, explain_events):
    case = _leak("leak-top-level-scan-body", SCAN_HISTORY, """\
import jax
import jax.numpy as jnp

history = []

def integrate(pose, twist):
    moved = pose + 0.1 * twist
    history.append(moved)
    return moved, None

jax.lax.scan(integrate, jnp.zeros(6), jnp.ones((5, 6)))
jnp.stack(history)
""", line=8, argument="pose")
    outcome = run_case(case, tmp_path)
    found = outcome.explanation
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 8, 12)
    top = found.fixes[0]
    assert top.kind == "return-value" and top.verified is True, (top.code, top.outcome)
    assert "return (moved, history_item)" in top.code  # no other per-step output: the value alone
    # the user's own scan line, keeping what it stacks
    assert "carry, history_items = jax.lax.scan(integrate, jnp.zeros(6), jnp.ones((5, 6)))" in top.code
    assert "jax.lax.scan(integrate, jnp.zeros(6), jnp.ones((5, 6)))" in top.outcome
    collect = next(f for f in found.fixes if f.kind == "jax.debug.print")
    assert collect.code == "jax.debug.callback(history.append, moved)" and collect.verified is True
    assert explain_events["traces"] > 0 and explain_events["compiles"] == 0
    assert len(_namespace(case)["history"]) == stored_by_the_users_run(case, "history")  # nothing added


def test_a_leak_from_a_function_vmapped_eagerly_is_found_by_what_the_failing_line_reads(tmp_path, explain_events):
    # JAX's message for a BatchTracer names no function: the store is found from `cache`, which the line reads
    case = _leak("leak-eager-vmap", LEAK_DOCS, """\
import jax
import jax.numpy as jnp

cache = {}

def per_example(x):
    y = jnp.tanh(x)
    cache["last"] = y
    return y.sum()

jax.vmap(per_example)(jnp.ones((4, 3)))
jnp.sin(cache["last"])
""", line=8, argument="x")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno, found.use_lineno, found.argument) == ("leaked-tracer", 8, 12, "x")
    top = found.fixes[0]
    assert top.kind == "return-value" and top.verified is True, (top.code, top.outcome)
    assert "return (y.sum(), cache_last)" in top.code
    assert "`jax.vmap(per_example)(jnp.ones((4, 3)))`" in top.outcome
    collect = next(f for f in found.fixes if f.kind == "jax.debug.print")
    assert collect.code == "jax.debug.callback(lambda v: cache.__setitem__('last', v), y)" and collect.verified
    assert explain_events["compiles"] == 0


def test_a_leak_from_a_vector_field_a_solver_jits_is_collected_by_a_callback_tried_through_it(tmp_path,
                                                                                            explain_events):
    pytest.importorskip("diffrax")
    case = _leak("leak-diffrax-vector-field", SOLVER_CALLBACK, """\
import jax.numpy as jnp
import diffrax

seen = []

def vector_field(t, y, args):
    dy = -args * y
    seen.append(dy)
    return dy

term = diffrax.ODETerm(vector_field)
diffrax.diffeqsolve(term, diffrax.Tsit5(), t0=0.0, t1=1.0, dt0=0.1, y0=jnp.ones(3), args=0.5)
jnp.stack(seen)
""", line=8, argument="y")
    outcome = run_case(case, tmp_path)
    found = outcome.explanation
    assert (found.kind, found.lineno, found.argument) == ("leaked-tracer", 8, "y")
    top = found.fixes[0]
    # the cell never imports jax itself: the fix says so
    assert (top.kind, top.code, top.verified) == ("jax.debug.print", "import jax\njax.debug.callback(seen.append, dy)",
                                                  True)
    assert "jitted call that ran it, traced again" in top.outcome
    # returning the value changes what the solver gets back from its vector field: said so, and not tried (a trace
    # that happened to pass would not show that the solver breaks)
    returned = next(f for f in found.fixes if f.kind == "return-value")
    assert returned.verified is None and "diffrax calls `vector_field` and uses what it returns" in returned.outcome
    assert found.fixes[-1] is returned
    assert explain_events["compiles"] == 0
    assert len(_namespace(case)["seen"]) == stored_by_the_users_run(case, "seen")


def test_a_state_leaked_by_a_step_of_key_and_state_is_named_by_the_state_and_collected(tmp_path):
    case = _leak("leak-step-key-state", STEP_STATE, """\
import jax
import jax.numpy as jnp

last = {}

@jax.jit
def step(key, state):
    noise = jax.random.normal(key, state.shape)
    new_state = state + 0.1 * noise
    last["state"] = new_state
    return new_state.sum()

step(jax.random.key(0), jnp.zeros(3))
jnp.sin(last["state"])
""", line=10, argument="state")
    found = run_case(case, tmp_path).explanation
    assert found.arguments == ["state", "key"]  # the key only adds randomness to the state's value
    assert found.argument == "state"
    collect = next(f for f in found.fixes if f.kind == "jax.debug.print")
    assert collect.code == "jax.debug.callback(lambda v: last.__setitem__('state', v), new_state)"
    assert collect.verified is True
    assert found.fixes[0].kind == "return-value" and found.fixes[0].verified is True


def test_a_type_checkers_refusal_of_a_tracer_for_an_int_is_a_traced_shape_of_the_callers_argument(tmp_path):
    pytest.importorskip("beartype")
    case = Case(id="beartype-int-hint-traced", source=INT_HINT, code="""\
import jax
import jax.numpy as jnp
from beartype import beartype

@beartype
def pad_to(x, length: int):
    return jnp.pad(x, (0, length - x.shape[0]))

@jax.jit
def batch_pad(x, n):
    return pad_to(x, n)

batch_pad(jnp.ones(3), 5)
""", kind="traced-shape", argument="n", path="n", line=11, fixes=("static",), verifiable=True,
                jax_fitting_fix=False)
    outcome = run_case(case, tmp_path)
    found = outcome.explanation
    assert type(outcome.exception).__name__ == "BeartypeCallHintParamViolation"
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "n", 11)
    assert found.fixes[0].kind == "static" and found.fixes[0].verified is True
    assert "static_argnames='n'" in found.fixes[0].code


def test_a_type_check_message_that_shows_no_tracer_is_no_tracing_error():
    pytest.importorskip("beartype")
    import jax
    import jax.numpy as jnp
    from beartype import beartype

    @beartype
    def scale(x, factor: int):
        return x * factor

    @jax.jit
    def run(x):
        return scale(x, 1.5)  # a float where an int is declared: the user's own mistake, no tracer in it

    with pytest.raises(Exception) as raised:
        run(jnp.ones(2))
    assert jaxmagic.explain(raised.value) is None


CONFIG_CELL = """\
import functools
import jax
import jax.numpy as jnp
import ml_collections

config = ml_collections.ConfigDict()
config.num_layers = 2
config.scale = 0.5

@functools.partial(jax.jit, static_argnames="cfg")
def forward(x, cfg):
    for _ in range(cfg.num_layers):
        x = jnp.tanh(x) * cfg.scale
    return x

forward(jnp.ones(3), cfg=config)
"""


def test_a_config_dict_marked_static_is_passed_as_its_librarys_frozen_twin(tmp_path):
    pytest.importorskip("ml_collections")
    case = Case(id="config-dict-static", source=CONFIG_STATIC, code=CONFIG_CELL, kind="unhashable-static",
                argument="cfg", path="cfg", line=17, fixes=("hashable-static",), verifiable=True,
                jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument) == ("unhashable-static", "cfg")
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), (top.code, top.outcome)
    assert top.code == "forward(..., cfg=ml_collections.FrozenConfigDict(cfg))"


def test_a_config_dict_passed_traced_is_made_static_and_frozen_not_a_pytree(tmp_path):
    pytest.importorskip("ml_collections")
    code = CONFIG_CELL.replace('@functools.partial(jax.jit, static_argnames="cfg")', "@jax.jit").replace(
        "forward(jnp.ones(3), cfg=config)", "forward(jnp.ones(3), config)")
    case = Case(id="config-dict-traced", source=CONFIG_STATIC, code=code, kind="non-array-argument",
                argument="cfg", path="cfg", line=17, fixes=("static",), verifiable=True, jax_fitting_fix=True)
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument) == ("non-array-argument", "cfg")
    assert [f.kind for f in found.fixes] == ["static"]  # ConfigDict is ml_collections' class: no register-pytree
    assert found.fixes[0].verified is True
    assert "static_argnames='cfg'" in found.fixes[0].code
    assert "forward(..., cfg=ml_collections.FrozenConfigDict(cfg))" in found.fixes[0].code


def test_a_leak_fix_is_tried_through_the_users_jit_only_when_no_other_function_there_stores(tmp_path):
    # both branches of the switch store (issue 16's fresh case): tracing `route` again with `low` fixed would
    # store `high`'s tracer
    from explain_fresh import CASES as FRESH

    code = next(c.code for c in FRESH if c.id == "fr-switch-branches-append-to-list")
    case = _leak("leak-switch-two-storing-branches", LEAK_DOCS, code, line=8, argument="x")
    found = run_case(case, tmp_path).explanation
    collect = next(f for f in found.fixes if f.kind == "jax.debug.print")
    assert collect.code == "jax.debug.callback(seen.append, x - 1.0)"
    assert collect.verified is None and "another function that trace runs stores" in collect.outcome
    assert len(_namespace(case)["seen"]) == stored_by_the_users_run(case, "seen")
    # with one storing branch, the same fix is tried through `route`, traced again
    assert "    seen.append(x + 1.0)\n" in code
    single = _leak("leak-switch-one-storing-branch", LEAK_DOCS, code.replace("    seen.append(x + 1.0)\n", ""),
                   line=8, argument="x")
    collect = next(f for f in run_case(single, tmp_path).explanation.fixes if f.kind == "jax.debug.print")
    assert collect.verified is True and "your jitted `route` traced again" in collect.outcome
    assert len(_namespace(single)["seen"]) == stored_by_the_users_run(single, "seen")
