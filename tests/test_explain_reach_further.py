"""Issue 26, continued: fixes tried where the first pass left them untried.

- a leak's fix re-traced with the abstract call JAX itself cached for the leaking
  function (pytrees and static values included), also for ``jax.jit(obj.method)``;
- the leaked value's own arguments, read from the line and column JAX's message
  gives for where it was created;
- a dict passed static made hashable, and a dict again on the function's first line;
- a pytree leaf taken out into its own static parameter, tried with the body rewritten;
- an error raised inside traced code that is no tracing error jaxmagic knows gets
  one honest line in the notebook instead of nothing.

Each cell is my own minimal reduction of the pattern its ``source`` documents.
"""
from __future__ import annotations

import ast
import contextlib
import io

import pytest
from corpus_harness import leak_case, run_case
from explain_corpus import Case

LEAK_DOCS = "https://docs.jax.dev/en/latest/errors.html#jax.errors.UnexpectedTracerError"
PURE_FUNCTIONS = "https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions"
STATIC_HASHABLE = "https://docs.jax.dev/en/latest/jit-compilation.html#marking-arguments-as-static"
SCAN_LENGTH = "https://docs.jax.dev/en/latest/_autosummary/jax.lax.scan.html"


_leak = leak_case


def test_a_leak_from_a_function_of_pytrees_is_tried_with_the_call_jax_cached(tmp_path):
    case = _leak("leak-pytree-state", LEAK_DOCS, """\
import jax, jax.numpy as jnp

history = {}

@jax.jit
def update(state, grads, lr=0.1):
    new = {"w": state["w"] - lr * grads["w"], "step": state["step"] + 1}
    history["last"] = new
    return new["w"].sum()

update({"w": jnp.ones(3), "step": jnp.zeros((), jnp.int32)}, {"w": jnp.ones(3)})
jnp.sum(history["last"]["w"])
""", line=8, argument="state")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 8, 12)
    top = found.fixes[0]
    assert top.kind == "return-value" and top.verified is True, (top.code, top.outcome)
    assert "return (new['w'].sum(), history_last)" in top.code


def test_a_leak_from_a_jitted_bound_method_is_tried_and_names_the_created_values_argument(tmp_path):
    case = _leak("leak-bound-method", PURE_FUNCTIONS, """\
import dataclasses
import jax, jax.numpy as jnp

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Step:
    position: jax.Array
    cost: jax.Array

class Walker:
    def __init__(self):
        self.previous = None

    def move(self, position, velocity):
        step = Step(position=position + velocity, cost=jnp.sum(velocity ** 2))
        self.previous = step
        return step.position

walker = Walker()
jax.jit(walker.move)(jnp.zeros(2), jnp.ones(2))
jnp.sqrt(walker.previous.cost)
""", line=16, argument="velocity")
    found = run_case(case, tmp_path).explanation
    # the stored Step holds values of both arguments; the leaked one (cost) JAX says was created at
    # `jnp.sum(velocity ** 2)`, so it is velocity's
    assert (found.kind, found.lineno, found.argument, found.arguments) == ("leaked-tracer", 16, "velocity",
                                                                            ["velocity"])
    top = found.fixes[0]
    assert top.kind == "return-value" and top.verified is True, (top.code, top.outcome)
    assert top.code.startswith("class Walker:")


def test_a_static_dict_becomes_a_tuple_of_items_and_a_dict_again_inside(tmp_path):
    case = Case(id="static-dict-options", source=STATIC_HASHABLE, code="""\
from functools import partial
import jax, jax.numpy as jnp

@partial(jax.jit, static_argnames="options")
def smooth(x, options):
    width = options["width"]
    return jnp.convolve(x, jnp.ones(width) / width, **{"mode": options.get("mode", "same")})

smooth(jnp.arange(8.0), options={"width": 3, "mode": "valid"})
""", kind="unhashable-static", argument="options", path="options", line=9, fixes=("hashable-static",),
        verifiable=True, jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.kind == "hashable-static" and top.verified is True, (top.code, top.outcome)
    assert "    options = dict(options)" in top.code
    assert "options=tuple(sorted(options.items()))" in top.code


def test_a_config_leaf_used_as_a_length_becomes_its_own_static_parameter_and_is_tried(tmp_path):
    case = Case(id="config-leaf-length", source=SCAN_LENGTH, code="""\
import dataclasses
import jax, jax.numpy as jnp

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Schedule:
    start: jax.Array
    steps: int

@jax.jit
def warmup(schedule):
    def grow(value, _):
        return value * 1.1, value
    _, values = jax.lax.scan(grow, schedule.start, None, length=schedule.steps)
    return values

warmup(Schedule(start=jnp.float32(0.1), steps=5))
""", kind="concretization", argument="schedule", path="schedule.steps", line=14, fixes=("static",),
        verifiable=True, jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    assert found.path == "schedule.steps"
    top = next(f for f in found.fixes if f.kind == "static")
    assert "def warmup(schedule, *, steps):" in top.code and top.verified is True, (top.code, top.outcome)


def test_an_unknown_error_inside_traced_code_gets_one_honest_line(shell):
    shell.run("%jittrace_explain on")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        result = shell.ip.run_cell(
            "@jax.jit\ndef label(x):\n    return x + 'unit'\nlabel(jnp.ones(2))")
    with contextlib.redirect_stdout(io.StringIO()) as plain:
        shell.ip.run_cell("{}['missing']")  # an error outside any trace: jaxmagic says nothing
    shell.run("%jittrace_explain off")
    assert isinstance(result.error_in_exec, TypeError)
    shown = printed.getvalue()
    assert "jaxmagic: this TypeError was raised while JAX traced `label` (" in shown and "line 3)" in shown
    assert "not a tracing error jaxmagic knows" in shown
    assert "jaxmagic" not in plain.getvalue()


REGISTER_DATACLASS = "https://docs.jax.dev/en/latest/_autosummary/jax.tree_util.register_dataclass.html"
FLAX_STRUCT = "https://flax.readthedocs.io/en/latest/api_reference/flax.struct.html"


def _metadata(case_id: str, source: str, code: str, line: int, argument: str) -> Case:
    return Case(id=case_id, source=source, code=code, kind="unhashable-static", argument=argument, path=argument,
                line=line, fixes=("not-static",), verifiable=True, jax_fitting_fix=False)


def test_an_array_in_register_dataclass_meta_fields_is_moved_to_data_fields_there(tmp_path):
    case = _metadata("meta-fields-array", REGISTER_DATACLASS, """\
import dataclasses, functools
import jax, jax.numpy as jnp, numpy as np

@functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["mask", "name"])
@dataclasses.dataclass
class Layer:
    w: jax.Array
    mask: np.ndarray
    name: str

@jax.jit
def apply(layer, x):
    return (x @ layer.w) * layer.mask

apply(Layer(jnp.ones((3, 2)), np.ones(2), "dense"), jnp.ones(3))
apply(Layer(jnp.ones((3, 2)), np.ones(2), "dense"), jnp.ones(3))
""", line=16, argument="layer")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.kind == "not-static" and top.verified is True, (top.code, top.outcome)
    assert "    data_fields=['w', 'mask'],\n    meta_fields=['name'],\n)" in top.code and "class Layer:" in top.code
    assert ast.parse(top.code)
    assert "`mask` of `Layer` is declared static" in top.summary


def test_a_flax_struct_field_declared_static_loses_its_pytree_node_false(tmp_path):
    pytest.importorskip("flax")
    case = _metadata("flax-struct-static-array", FLAX_STRUCT, """\
import jax, jax.numpy as jnp, numpy as np
from flax import struct

class Vocabulary(struct.PyTreeNode):
    table: jax.Array
    ids: np.ndarray = struct.field(pytree_node=False)

@jax.jit
def embed(vocab, tokens):
    return vocab.table[tokens]

embed(Vocabulary(jnp.ones((4, 2)), np.arange(4)), jnp.array([1, 2]))
embed(Vocabulary(jnp.ones((4, 2)), np.arange(4)), jnp.array([1, 2]))
""", line=13, argument="vocab")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.kind == "not-static" and top.verified is True, (top.code, top.outcome)
    assert "class Vocabulary(struct.PyTreeNode):\n    ids: np.ndarray   # a data field: traced" in top.code


def test_in_a_real_kernel_the_declaration_is_found_in_the_cell_that_defined_the_class(tmp_path):
    from notebook_support import run_notebook

    cells = run_notebook([
        "%load_ext jaxmagic\nimport dataclasses, functools\nimport jax, jax.numpy as jnp, numpy as np\n"
        "%jittrace_explain on",
        '@functools.partial(jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["mask"])\n'
        "@dataclasses.dataclass\nclass Gate:\n    w: jax.Array\n    mask: np.ndarray",
        "@jax.jit\ndef gate(g, x):\n    return x * g.w * g.mask\n"
        "gate(Gate(jnp.ones(2), np.ones(2)), jnp.ones(2))\nopen_gate = Gate(jnp.ones(2), np.ones(2))\n"
        "gate(open_gate, jnp.ones(2))",
    ], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[2].outputs)
    assert "`mask` of `Gate` is declared static" in shown and "data_fields=['w', 'mask']" in shown
    assert "✓ verified: traces" in shown


PRINT_DEBUGGING = "https://docs.jax.dev/en/latest/debugging/print_breakpoint.html"
SWITCH_DOCS = "https://docs.jax.dev/en/latest/_autosummary/jax.lax.switch.html"
BOOLEAN_INDEX = "https://docs.jax.dev/en/latest/errors.html#jax.errors.NonConcreteBooleanIndexError"
CONTROL_FLOW = "https://docs.jax.dev/en/latest/control-flow.html"


def _top(case: Case, tmp_path) -> object:
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == (case.kind, case.argument, case.line)
    return found.fixes[0]


def test_a_formatted_float_in_a_print_under_grad_becomes_jax_debug_print_with_its_format(tmp_path):
    case = Case(id="fstring-float-print", source=PRINT_DEBUGGING, code="""\
import jax, jax.numpy as jnp

def energy(q):
    e = jnp.sum(q ** 2) / 2
    print(f"energy now {float(e):.4f}")
    return e

jax.grad(energy)(jnp.ones(3))
""", kind="concretization", argument="q", path="q", line=5, fixes=("jax.debug.print",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert (top.kind, top.verified) == ("jax.debug.print", True)
    assert top.code == "jax.debug.print('energy now {e:.4f}', e=e.astype(jnp.float32))"


def test_a_function_picked_from_a_list_by_a_traced_index_becomes_lax_switch(tmp_path):
    case = Case(id="list-of-functions", source=SWITCH_DOCS, code="""\
import jax, jax.numpy as jnp

activations = [jnp.tanh, jax.nn.relu, jax.nn.sigmoid]

@jax.jit
def layer(x, which):
    act = activations[which]
    return act(x)

layer(jnp.ones(3), 1)
""", kind="integer-conversion", argument="which", path="which", line=7, fixes=("lax.switch",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert top.kind == "lax.switch" and top.verified is True, (top.code, top.outcome)
    assert "functools.partial(jax.lax.switch, which, activations)" in top.code


def test_a_leak_through_an_unpacking_assignment_to_self_is_returned_and_tried(tmp_path):
    case = _leak("leak-unpacked-to-self", PURE_FUNCTIONS, """\
import jax, jax.numpy as jnp

class Filter:
    def __init__(self):
        self.state = None

    def start(self, x):
        mean, self.state = jnp.mean(x), {"sum": jnp.sum(x), "n": x.shape[0]}
        return mean

f = Filter()
jax.jit(f.start)(jnp.arange(4.0))
jnp.sqrt(f.state["sum"])
""", line=8, argument="x")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert top.kind == "return-value" and top.verified is True, (top.code, top.outcome)
    assert "mean, state = (jnp.mean(x), {'sum': jnp.sum(x), 'n': x.shape[0]})" in top.code


def test_a_mask_over_one_axis_of_several_gets_fixes_that_parse_and_trace(tmp_path):
    case = Case(id="mask-one-axis", source=BOOLEAN_INDEX, code="""\
import jax, jax.numpy as jnp

@jax.jit
def keep_columns(x, scores):
    return x[:, scores > 0]

keep_columns(jnp.ones((2, 4)), jnp.array([1.0, -1.0, 2.0, 0.5]))
""", kind="boolean-index", argument="scores", path="scores", line=5, fixes=("jnp.where", "size-argument"),
        verifiable=True, jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    assert [(f.kind, f.verified) for f in found.fixes[:2]] == [("jnp.where", True), ("size-argument", True)]
    assert all(ast.parse(f.code) for f in found.fixes)
    assert "x[:, jnp.nonzero(scores > 0, size=(scores > 0).size, fill_value=0)[0]]" in found.fixes[1].code


def test_a_loop_that_breaks_on_a_traced_test_becomes_a_while_loop(tmp_path):
    case = Case(id="early-exit", source=CONTROL_FLOW, code="""\
import jax, jax.numpy as jnp

@jax.jit
def settle(x, rate):
    for _ in range(50):
        step = rate * x
        x = x - step
        if jnp.max(jnp.abs(step)) < 1e-4:
            break
    return x

settle(jnp.ones(3), 0.5)
""", kind="bool-conversion", argument="x", path="x", line=8, fixes=("lax.while_loop",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert top.kind == "lax.while_loop" and top.verified is True, (top.code, top.outcome)
    assert "return (i < 50) & ~stop" in top.code and "i, stop, x = jax.lax.while_loop(" in top.code


def test_a_frozen_pytree_of_arrays_marked_static_is_passed_traced_first(tmp_path):
    case = Case(id="frozen-pose-static", source=STATIC_HASHABLE, code="""\
import dataclasses
from functools import partial
import jax, jax.numpy as jnp

@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Pose:
    rotation: jax.Array
    offset: jax.Array

@partial(jax.jit, static_argnames="pose")
def place(points, pose):
    return points @ pose.rotation.T + pose.offset

place(jnp.ones((4, 2)), Pose(jnp.eye(2), jnp.zeros(2)))
""", kind="unhashable-static", argument="pose", path="pose", line=15, fixes=("not-static",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert top.kind == "not-static" and top.verified is True, (top.code, top.outcome)


# --- what a review of the above found (each a case that once gave a wrong or untried fix) ----------------


def test_the_while_loop_counter_and_flag_take_names_the_function_does_not_use(tmp_path):
    case = Case(id="early-exit-own-counter", source=CONTROL_FLOW, code="""\
import jax, jax.numpy as jnp

@jax.jit
def halve(x):
    i = 0
    for _ in range(50):
        x = x * 0.5
        i = i + 1
        if x < 1e-3:
            break
    return x, i

halve(1.0)
""", kind="bool-conversion", argument="x", path="x", line=9, fixes=("lax.while_loop",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert top.verified is True and "step, stop, x, i = jax.lax.while_loop(" in top.code, top.code


def test_a_masked_slice_of_a_matrix_masks_its_rows(tmp_path):
    import jax.numpy as jnp

    case = Case(id="masked-rows", source=CONTROL_FLOW, code="""\
import jax, jax.numpy as jnp

@jax.jit
def head(x, n):
    return x[:n].sum(axis=0)

head(jnp.arange(16.0).reshape(4, 4), 2)
""", kind="traced-shape", argument="n", path="n", line=5, fixes=("jnp.where", "static"), verifiable=True,
        jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    masked = next(f for f in found.fixes if f.kind == "jnp.where")
    x = jnp.arange(16.0).reshape(4, 4)
    assert masked.verified is True
    assert (eval(masked.code, {"jnp": jnp, "x": x, "n": 2}).sum(axis=0) == x[:2].sum(axis=0)).all(), masked.code


def test_a_leak_from_a_jitted_bound_method_kept_in_a_variable_is_tried_once_with_its_object(tmp_path):
    case = _leak("leak-bound-method-variable", PURE_FUNCTIONS, """\
import jax, jax.numpy as jnp

class Counter:
    def __init__(self):
        self.last = None

    def add(self, x):
        total = jnp.sum(x)
        self.last = total
        return x + 1

counter = Counter()
add = jax.jit(counter.add)
add(jnp.ones(3))
jnp.sqrt(counter.last)
""", line=9, argument="x")
    top = run_case(case, tmp_path).explanation.fixes[0]
    assert top.kind == "return-value" and top.verified is True, (top.code, top.outcome)


def test_a_list_of_arrays_indexed_by_a_traced_int_becomes_an_array_not_a_switch(tmp_path):
    case = Case(id="list-of-arrays", source=SWITCH_DOCS, code="""\
import jax, jax.numpy as jnp

@jax.jit
def pick(a, b, i):
    return [a, b][i] * 2

pick(jnp.ones(2), jnp.zeros(2), 1)
""", kind="integer-conversion", argument="i", path="i", line=5, fixes=("jnp-not-np",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert (top.kind, top.code, top.verified) == ("jnp-not-np", "jnp.asarray([a, b])[i]", True)


def test_an_error_in_a_function_jax_only_maps_over_a_tree_gets_no_line(shell):
    shell.run("%jittrace_explain on")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        shell.ip.run_cell("jax.tree_util.tree_map(lambda v: v / 0, {'a': 1, 'b': 2})")
    shell.run("%jittrace_explain off")
    assert "jaxmagic: this" not in printed.getvalue()


def test_a_leaf_made_static_goes_after_parameters_with_defaults(tmp_path):
    case = Case(id="leaf-static-after-default", source=SCAN_LENGTH, code="""\
import dataclasses
import jax, jax.numpy as jnp

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Plan:
    start: jax.Array
    steps: int

@jax.jit
def grow(plan, rate=1.1):
    _, values = jax.lax.scan(lambda v, _: (v * rate, v), plan.start, None, length=plan.steps)
    return values

grow(Plan(start=jnp.float32(0.1), steps=5))
""", kind="concretization", argument="plan", path="plan.steps", line=12, fixes=("static",), verifiable=True,
        jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    static = next(f for f in found.fixes if f.kind == "static")
    assert "def grow(plan, rate=1.1, *, steps):" in static.code and static.verified is True, static.code


def test_an_int_formatted_in_a_print_stays_an_int(tmp_path):
    case = Case(id="fstring-int-print", source=PRINT_DEBUGGING, code="""\
import jax, jax.numpy as jnp

@jax.jit
def accuracy(p):
    print(f"acc {int(p * 100):d}%")
    return p

accuracy(jnp.float32(0.5))
""", kind="concretization", argument="p", path="p", line=5, fixes=("jax.debug.print",), verifiable=True,
        jax_fitting_fix=False)
    top = _top(case, tmp_path)
    assert top.code == "jax.debug.print('acc {v0:d}%', v0=(p * 100).astype(jnp.int32))" and top.verified is True


def test_a_leak_from_a_method_under_equinox_filter_jit_is_placed_on_the_users_storing_line(tmp_path):
    pytest.importorskip("equinox")
    case = _leak("leak-eqx-filter-jit-method", PURE_FUNCTIONS, """\
import jax, jax.numpy as jnp
import equinox as eqx

class Trainer:
    def __init__(self):
        self.last_grads = None

    def step(self, model, x):
        grads = eqx.filter_grad(lambda m: jnp.sum(jax.vmap(m)(x)))(model)
        self.last_grads = grads
        return model

trainer = Trainer()
model = eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0))
eqx.filter_jit(trainer.step)(model, jnp.ones((4, 3)))
jnp.linalg.norm(trainer.last_grads.weight)
""", line=10, argument="model")
    found = run_case(case, tmp_path).explanation
    # JAX's message names equinox's wrapper as the traced function; the user's frames it lists name step
    assert (found.kind, found.lineno, found.use_lineno, found.argument) == ("leaked-tracer", 10, 16, "model")
    assert found.fixes[0].kind == "return-value" and "last_grads = grads" in found.fixes[0].code
