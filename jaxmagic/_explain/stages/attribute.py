"""Stage three: the arguments the failing value depends on, in the user's parameter names.

Through library code or a transformation the argument is the user's own parameter; a count that a JAX
function or a library needed while tracing makes the failure a traced shape, whose arguments are the count's alone.
"""
from __future__ import annotations

import ast
import re

import jax

from ..._common.frames import code_parameters, holding_arrays, holding_tracers, unhashable_jitted_method, view_tracers
from ..._common.errors import SHAPE_KINDS, is_installed_library, is_jax_file, leaves_of, traceback_entries
from ..._common.files import source_line
from ..._common.source import enclosing_function, names_in, parameter_names, parse_file, position_of
from ..._tracking.compiling.jax_frames import find_jax_call, is_lax_loop_file
from ..._tracking.observed.adapters import user_path
from ..argument import origin
from ..call import root_of
from ..dataflow import depends_on, shape_only_names, shape_reads
from ..leaking.stores import definition_at
from ..provenance import Origin, Tracer, origin_of
from ..reach.annotated import handed_first
from ..reach.entry import entry_of, path_origin
from ..reach.library import library_state_handed, users_origin
from ..shaped.origin import shape_origin
from ..values.counts import library_needs_a_size, traced_counts_passed
from ..values.statics import hashed_in_library
from .locate import called, transformed_expression
from .needed import needs_a_constant
from .record import CONVERSIONS, OWN_ARGUMENTS, Failure
from .wrapper_paths import (equinox_input, forwarded, handed_expression, held_parameters, keyword_given,
                            name_arguments, nnx_call_arguments, nnx_state, tracers_first,
                            unhashable_given, unhashable_passed, users_jitted)

__all__ = ["attribute"]

# a tracer hashed, or a tuple of them (jaxdecomp's ``halo_extents=(halo, halo)``): ``JitTracer(~int32[])``, ``<...>``
_TRACER_HASHED = re.compile(r"hash an object of type <class '[\w.]*Tracer'>|The error was:\s*TypeError: "
                            r"unhashable type: '\w*Tracer'")
_TRACER_DESCRIBED = re.compile(r"hash an object of type <class '[\w.]*'>, [(\[]?\w*Tracer[(<](?P<aval>[^)>]*)[)>]")


def attribute(failure: Failure) -> None:
    """Name the arguments on the record's explanation; a count needed while tracing makes it a traced shape."""
    exc, found, call, facts, leak = failure.exc, failure.found, failure.call, failure.facts, failure.leak
    kind, user, node, message = failure.kind, failure.user, failure.node, failure.message
    if kind in SHAPE_KINDS:  # the operands that meet at the line, each with its shape and arguments
        where_from = shape_origin(found, exc, kind, user, node, call, facts)
    else:
        where_from = origin(exc, kind, message, call, facts, leak, failure.escaped)
    # model(x), the model flattened into a tracer; node.tensor, a node traced as an array (it has a shape)
    held = node.func if isinstance(node, ast.Call) else node.value if isinstance(node, ast.Attribute) else None
    if kind == "non-array-argument" and not where_from.paths and facts is not None and isinstance(held, ast.Name) \
            and held.id in facts.params:
        where_from = Origin([held.id], None, "source")
    if kind == "unhashable-static" and not where_from.paths and not _TRACER_HASHED.search(message) and \
            unhashable_jitted_method(exc) is None:  # (jax.jit(obj.method): the object, none of the arguments)
        # a library's jit the call went through: the call's own words; else the static argument a jitted function
        # of the user's was handed, read where JAX hashed it (a library calling the user's jitted function)
        passed = unhashable_passed(node, user) or unhashable_given(call)
        where_from = Origin([passed], None, "call") if passed else where_from
    if kind not in OWN_ARGUMENTS:  # through library code or a transformation: the user's own parameter
        jitted = call.fn.__name__ if call is not None and call.fn is not None else None
        where_from = users_origin(exc, where_from, jitted, inner=kind not in SHAPE_KINDS)  # (shapes: operands)
        where_from = (library_state_handed(exc, where_from, facts.values) if facts is not None and kind not in
                      SHAPE_KINDS and where_from.how == "trace" else None) or where_from  # (an optimizer's state)
    given = node if isinstance(node, ast.Call) else getattr(node, "value", None)
    if isinstance(given, ast.Call) and given.keywords:  # a library's ``**kwargs`` entry (``kwargs['objective']``):
        # the keyword the user's own call gave it
        where_from.paths = [keyword_given(p, given, facts) for p in where_from.paths]
    if failure.wrapper != "jax.jit" and facts is not None:  # JAX's message named the wrapper's internals
        passed = call.by_name() if call is not None else {}
        where_from.paths = list(dict.fromkeys(user_path(failure.wrapper, p, facts.params, passed)
                                              for p in where_from.paths))
    elif facts is None and any(nnx_state(p) for p in where_from.paths):
        passed = nnx_call_arguments(exc)  # no call given: NNX's layout read back from nnx.jit's own frame
        where_from.paths = list(dict.fromkeys(user_path("flax.nnx.jit", p, list(passed), passed)
                                              for p in where_from.paths))
    if leak is not None and failure.tree is not None and any(equinox_input(p) for p in where_from.paths):
        # a leak from a function equinox jitted: JAX's message names equinox's flattened inputs, read as the
        # leaking function's parameters (the call that traced it is long over)
        params = _params_of_def_at(failure.tree, leak.def_line)
        where_from.paths = list(dict.fromkeys(user_path("equinox.filter_jit", p, params) for p in where_from.paths))
    if leak is not None and leak.store is not None and leak.arguments and failure.tree is not None:
        # JAX's own wrapper's names (``dyn_args_`` of a gradient's ``f_wrapped``) are no parameter of the user's:
        # the storing function's, read from its source
        params = {*_params_of_def_at(failure.tree, leak.def_line), *(facts.params if facts is not None else ())}
        if params and where_from.paths and not any(root_of(p) in params for p in where_from.paths):
            where_from = Origin(list(leak.arguments), leak.function, "source")
    elif leak is not None and leak.store is None and leak.arguments and not where_from.paths:
        # kept by library code from a trace of the user's function it wraps (eformer's training_step_wrapper): that
        # function's parameters, on whose traced values the library ran
        where_from = Origin(list(leak.arguments), leak.function, "source")
    if call is not None and facts is not None and facts.source is not None and \
            is_installed_library(facts.source[1]) and any(p.startswith("args[") for p in where_from.paths):
        # a library's wrapper that hands its ``*args`` on to the user's function it closes over (sparsejac's
        # ``jacfwd_fn``): ``args[1]`` is that function's second parameter
        named = forwarded(where_from.paths, call.fn)
        if named != where_from.paths:  # static options for those go by position (the wrapper takes ``*args``),
            # on the user's statement that jitted it (``jac = jax.jit(sparsejac.jacfwd(f, sparsity))``)
            facts.forwarded = held_parameters(call.fn)
            jitted = users_jitted(call.fn, user)
            if facts.transformed is None and jitted is not None:
                facts.transformed = transformed_expression(jitted, user)
        where_from.paths = named
    # a leak's arguments are parameters of the function that leaked, not of the call that met the tracer
    leaked_elsewhere = leak is not None and called(call) != (leak.function, leak.filename, leak.def_line)
    name_arguments(found, where_from, None if leaked_elsewhere else facts)
    constant = needs_a_constant(kind, node, user, message, bool(_TRACER_HASHED.search(message)))
    # dm_pix.center_crop(image, size, size) with a traced size: the library branches on the count in Python,
    # so it needs it when tracing, as JAX needs a shape; the arguments are the count's alone
    # (or a library's own check refused it, jaxlinop's ``size`` not an int: the count it checked, not the data)
    counted = library_needs_a_size(exc, node, user) if (kind in CONVERSIONS or kind == "traced-shape" and not type(
        exc).__module__.startswith("jax")) and not constant else []
    if constant or counted:
        failure.becomes("traced-shape")
    narrowed = origin_of(exc, counted) if counted else Origin([], None, "none")
    if narrowed.function is not None and narrowed.function != found.function:  # a library's inner jit's inputs
        mapped = [path_origin(exc, p) for p in narrowed.paths]
        narrowed = Origin([q for m in mapped if m is not None for q in m.paths], found.function, "trace")
    # fewer than the failing line's, or others: the count a library object holds (``avg(signal)`` with the
    # kernel size inside ``avg``), not the data the line hands it
    if narrowed.paths and (set(narrowed.paths) < set(found.paths) or (
            narrowed.how == "trace" and not set(narrowed.paths) & set(found.paths))):
        name_arguments(found, narrowed, facts)
    if failure.kind in ("traced-shape", "unhashable-static") and (not found.argument or not found.certain) and \
            _TRACER_HASHED.search(message):
        # a tracer hashed as a library's static argument, handed on by the user's call: a traced count (its leaf,
        # ``cfg["nstep"]``, where the source alone guessed the whole pytree)
        described = _TRACER_DESCRIBED.search(message)
        aval = described["aval"] if described else None
        handed = traced_counts_passed(node, user, aval) or traced_counts_passed(node, user) or (
            hashed_in_library(traceback_entries(exc.__traceback__), aval) if aval else [])
        traced = origin_of(exc, handed) if handed else None
        if traced is not None and (traced.paths or not found.argument):  # (a guess stays, where none is read)
            name_arguments(found, traced, facts)
    _in_users_terms(failure)
    if user and kind in (*_VALUE_KINDS, "traced-shape") and handed_first(found, node, user[-1].tb_frame) is int and \
            kind == "concretization":  # a count beside the arrays a library call was handed (a flag stays)
        failure.becomes("traced-shape")
    _shaped_first(failure)
    _outermost_holder(failure)
    _state_held_by_self(failure)
    _view_attribute(failure)
    if leak is None and user and where_from.how in ("source", "trace") and found.paths:  # the parameters the failing
        tracers_first(found, user[-1].tb_frame)  # frame holds traced first (a library's jit traced the others inside)
    if found.filename and found.lineno:
        found.source_line = source_line(found.filename, found.lineno)


_VALUE_KINDS = ("bool-conversion", "concretization", "integer-conversion", "array-conversion", "boolean-index")


def _outermost_holder(failure: Failure) -> None:
    """When the failing function is a lambda the user handed to a library, the parameter of the outermost def of the
    user's file, on the stack above library code, that holds the very value the lambda's parameter does (sepes calls
    the user's ``on_setattr`` lambda with the ``sigma`` that ``jax.vmap`` gave the user's function)."""
    found, user = failure.found, failure.user
    if not user or found.argument is None or found.path != found.argument or found.filename is None:
        return
    failing = user[-1].tb_frame
    if failing.f_code.co_name != "<lambda>":  # a def of the user's that a library calls (navix's transition) names
        return  # its own parameter; a lambda handed over is glue, the value is the named function's
    held = failing.f_locals.get(found.argument)
    entries = [tb.tb_frame for tb in traceback_entries(failure.exc.__traceback__)]
    if held is None or failing not in entries or not any(
            is_installed_library(f.f_code.co_filename) for f in entries[:entries.index(failing)]):
        return
    for frame in entries[:entries.index(failing)]:  # outermost first
        if frame.f_code.co_filename != found.filename or frame is failing or frame.f_code.co_name == "<lambda>":
            continue
        named = [p for p in code_parameters(frame.f_code) if frame.f_locals.get(p) is held]
        if len(named) == 1:
            name_arguments(found, Origin(named, frame.f_code.co_name, "source"), None)
            return


def _view_attribute(failure: Failure) -> None:
    """With no argument named, the parameter the failing line reads a tracer from that is a library's view of
    arrays (not a pytree: hyperiax's ``Parent``), as the attribute read (``parent.radius``) where it is a tracer."""
    found, user, node = failure.found, failure.user, failure.node
    if not user or found.paths or node is None or failure.kind == "leaked-tracer":
        return
    frame = user[-1].tb_frame
    params = code_parameters(frame.f_code)
    read: dict[str, None] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in params and \
                view_tracers(frame.f_locals.get(n.value.id)):
            try:
                traced = isinstance(getattr(frame.f_locals[n.value.id], n.attr), jax.core.Tracer)
            except Exception:  # noqa: BLE001 - an attribute the view answers its own way
                traced = False
            read[ast.unparse(n) if traced else n.value.id] = None
    if read:
        name_arguments(found, Origin(list(read), None, "source"), None)


_TRACED_SHAPE = re.compile(r"traced array with shape (?P<dtype>\w+)\[(?P<dims>[\d,]*)\]")


def _shaped_first(failure: Failure) -> None:
    """The path whose value has the shape and dtype JAX's message gives the failing value, first, when the one named
    has another (``jax.grad(loss)(logits, bins)`` where library code converted the logits: not the bins)."""
    found, facts = failure.found, failure.facts
    described = _TRACED_SHAPE.search(failure.message)
    if described is None or facts is None or not found.paths:
        return
    shape = tuple(int(d) for d in described["dims"].split(",") if d)

    def fits(path: str) -> bool:
        value = facts.values.get(root_of(path))
        value = value if path == root_of(path) else next((leaf for at, leaf in jax.tree_util.tree_flatten_with_path(
            value)[0] if root_of(path) + jax.tree_util.keystr(at) == path), None)
        return getattr(value, "shape", None) == shape and str(getattr(value, "dtype", "")) == described["dtype"]

    fitting = [p for p in found.paths if fits(p)] or [p for p in facts.params if fits(p)]  # (an argument the trace
    if len(fitting) == 1 and not fits(found.paths[0]):  # did not relate, the one of that shape: a gradient's)
        found.paths = [fitting[0], *(p for p in found.paths if p != fitting[0])]
        found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
        found.argument, found.path = found.arguments[0], found.paths[0]


def _state_held_by_self(failure: Failure) -> None:
    """A method whose object JAX does not see (brainpy's ``DynamicalSystem``, its state in ``bm.Variable``s that its
    runner carries through the loop) failing on a line that reads ``self.spike``, a tracer: ``self`` is the first
    parameter the value depends on, at that attribute."""
    found, user, node = failure.found, failure.user, failure.node
    if failure.kind not in _VALUE_KINDS or not user or node is None:
        return
    frame = user[-1].tb_frame
    code = frame.f_code
    if not code.co_argcount or code.co_varnames[0] != "self" or "self" not in frame.f_locals:
        return
    owner = frame.f_locals["self"]
    if len(leaves := leaves_of(owner)) != 1 or leaves[0] is not owner:  # (by identity: xarray's == is elementwise)
        return  # a pytree JAX flattens (an equinox or NNX Module): its leaves are the jitted call's arguments
    read = [n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
            and n.value.id == "self"]
    for attr in dict.fromkeys(read):
        try:
            held = getattr(owner, attr)  # (brainpy keeps its state variables out of the instance's dict)
            value = getattr(held, "value", None)  # a state variable: its runner traced it through the loop (and
            # put its concrete value back after)
        except Exception:  # noqa: BLE001 - an attribute computed its own way: not read here
            continue
        if isinstance(held, Tracer) or isinstance(value, (Tracer, jax.Array)):
            paths = [f"self.{attr}", *(p for p in found.paths if p != f"self.{attr}")]
            name_arguments(found, Origin(paths, found.function, "trace"), None)
            return


def _in_users_terms(failure: Failure) -> None:
    """An argument no function of the user's has as a parameter (a library wrapper's ``_dynamic``, ``kwargs`` or
    ``flat_args``, read off its trace) is not the user's: the failing line's own reads, followed back to the
    parameters of the user's function that holds it (none when they reach none)."""
    found, tree, node = failure.found, failure.tree, failure.node
    if failure.kind in OWN_ARGUMENTS or tree is None or node is None or \
            found.lineno is None:  # a library's own jitted function given an argument it cannot take: its name
        return
    function = enclosing_function(tree, found.lineno)
    if function is None:  # the cell's own top level: nothing to follow back
        return
    masks = [n.slice for n in ast.walk(node) if isinstance(n, ast.Subscript) and not isinstance(
        n.slice, (ast.Slice, ast.Constant))] if failure.kind == "boolean-index" else []
    if failure.kind == "traced-shape":  # ``d[..., :keep]``: what the slice's bounds depend on, not ``d``
        masks = [b for n in ast.walk(node) if isinstance(n, ast.Slice) for b in (n.lower, n.upper, n.step)
                 if b is not None and not isinstance(b, ast.Constant)]
    read = ast.Tuple(masks, ast.Load()) if masks else node  # ``u[ocean]``: what the index depends on, not ``u``
    name = getattr(function, "name", "<lambda>")
    if found.argument is None:
        # none named off the trace, in a function library code called: the library made what it handed in (a land
        # mask jaxparrow computes and passes to the user's regularization), and the line reads that parameter
        entry = entry_of(failure.exc)
        frame = failure.user[-1].tb_frame if failure.user else None
        outside = [tb for tb in traceback_entries(failure.exc.__traceback__)
                   if not is_jax_file(tb.tb_frame.f_code.co_filename)]
        if (entry is None or entry.frame is frame and is_jax_file(entry.caller)) and failure.kind in _VALUE_KINDS \
                and frame is not None and frame.f_code.co_name == name and outside and is_installed_library(
                    outside[-1].tb_frame.f_code.co_filename) and not (
                    found.certain and _library_line_reads_constants(failure.exc, outside)):
            # raised in a library the user's jitted function called from this line, the trace not read back to an
            # input (bayesn's NumPy spline loop over ``phases``): the traced parameters the line hands it (not when
            # the library's line reads only tracers made of constants, jaxmesh's check of the closed-over
            # ``simplices``: the value depends on none)
            shaped = shape_only_names(read)  # (``values.shape[0]`` reads no value: a tracer's shape is a constant)
            handed = [p for p in holding_tracers(_reads_of(read, function, tree), frame) if p not in shaped]
            if handed:
                name_arguments(found, Origin(handed, name, "source"), None)
            return
        first = min([function.lineno, *(d.lineno for d in getattr(function, "decorator_list", []))])
        # (or a function of the user's that it called: qiskit-dynamics calls ``lambda t: amp * ramp(t)``, and the
        # line that failed is ``ramp``'s, reached through the user's frames alone)
        through = [tb.tb_frame.f_code.co_filename for tb in outside][[tb.tb_frame for tb in outside].index(
            entry.frame) + 1:] if entry is not None and entry.frame in [tb.tb_frame for tb in outside] else None
        if entry is None or entry.frame.f_code.co_filename != found.filename or (
                entry.frame.f_code.co_firstlineno != first and not (through and all(
                    f == found.filename for f in through))) or (is_jax_file(entry.caller) and not (is_lax_loop_file(
                    entry.caller) and find_jax_call(entry.frame) is None)) or not is_installed_library(entry.caller):
            return
        if not outside or outside[-1].tb_frame.f_code.co_filename != found.filename:
            return  # raised inside a library the line calls: what failed there the library computed itself
        if entry.frame.f_code.co_firstlineno != first:  # through the user's frames: the parameters the library
            # handed the function it called, handed on as they are (a value ``model`` made itself is no parameter)
            frame, seen = outside[-1].tb_frame, entry.frame.f_locals
            handed = [e for e in entry.params if e in seen and any(
                frame.f_locals.get(p, frame) is seen[e] for p in _reads_of(read, function, tree))]
            if handed:
                name_arguments(found, Origin(handed, entry.name, "source"), None)
            return
    elif found.argument in _users_parameters(failure):
        if masks and len(found.paths) > 1:  # the indexed array and the mask, read off a trace: the mask's own
            roots = {root_of(p) for p in _reads_of(read, function, tree)}
            kept = [p for p in found.paths if root_of(p) in roots]
            if kept and len(kept) < len(found.paths):
                name_arguments(found, Origin(kept, name, "source"), None)
        return
    frame = failure.user[-1].tb_frame if failure.user else None  # the failing function's: drop what holds no tracer
    handed = handed_expression(node, root_of(found.paths[0]), frame) if found.paths and frame is not None and \
        frame.f_code.co_name == name else None
    read = handed if handed is not None else read  # the parameter of the library's the trace named: what the line
    # gave it (``steps=spec["steps"]``), not every value the line reads
    read = _reads_of(read, function, tree, values_only=failure.kind == "traced-shape")  # (a count made with
    # ``jnp`` of ``x.shape[-1]`` is a tracer, yet depends on no argument's values)
    paths = holding_tracers(read, frame) if frame and frame.f_code.co_name == name else read
    if not paths and frame and frame.f_code.co_name == name and failure.kind in _VALUE_KINDS:
        paths = holding_arrays(read, frame)  # concrete arrays a library handed in, made tracers by the line's operations
    leaf = _leaf_path(handed) if handed is not None else None
    if leaf is not None and root_of(leaf) in paths:  # the very entry handed (``spec['steps']``), not the whole dict
        paths = [leaf, *(p for p in paths if p != root_of(leaf))]
    name_arguments(found, Origin(paths, name, "source"), None)


def _leaf_path(node: ast.expr) -> str | None:
    """``spec["steps"]`` as JAX writes a leaf's path, ``spec['steps']`` (``cfg.n``: ``cfg.n``); None for any other
    expression."""
    keys = []
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        if isinstance(node, ast.Attribute):
            keys.append(f".{node.attr}")
        elif isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, (str, int)):
            keys.append(f"[{node.slice.value!r}]")
        else:
            return None
        node = node.value
    return node.id + "".join(reversed(keys)) if isinstance(node, ast.Name) and keys else None


def _library_line_reads_constants(exc: BaseException, outside: list) -> bool:
    """True when the library's statement that raised reads tracers (not only their shapes) of no argument, or none:
    made under jit from constants the library holds, not from what the user's line handed it."""
    position = position_of(outside[-1]) if outside else None
    tree = parse_file(position.filename) if position is not None else None
    around = [n for n in ast.walk(tree) if isinstance(n, ast.stmt) and not isinstance(n, _DEFINITIONS) and
              n.lineno <= position.lineno <= (n.end_lineno or n.lineno)] if tree is not None else []
    if not around:
        return False
    statement = max(around, key=lambda n: n.lineno)  # the innermost: a nested statement starts later
    # its whole reading (``if now > max(knots):`` fails in ``max(knots)``, yet tests ``now``)
    read = statement.test if isinstance(statement, (ast.If, ast.While)) else \
        statement.iter if isinstance(statement, ast.For) else statement
    frame, shaped = outside[-1].tb_frame, shape_only_names(read)
    values = [frame.f_locals.get(name) for name in dict.fromkeys(names_in(read)) if name not in shaped]
    sized = shape_reads(read)
    for attribute in (n for n in ast.walk(read) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                      and id(n) not in sized):  # (``self.verts.shape[0]``: a shape, no value)
        try:  # ``self.values``: what the object holds (a pytree's leaves are its own already)
            values.append(getattr(frame.f_locals[attribute.value.id], attribute.attr))
        except Exception:  # noqa: BLE001 - a name not the frame's, or an attribute computed its own way
            continue
    tracers = [leaf for value in values for leaf in leaves_of(value)[:64] if isinstance(leaf, Tracer)]
    return not origin_of(exc, tracers).paths if tracers else True


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _reads_of(read: ast.AST, function: ast.AST, tree: ast.Module, values_only: bool = False) -> list[str]:
    """The parameters of ``function`` that the expression or statement ``read`` depends on (``values_only``: not
    through what a tracer knows, ``x.shape[-1]``, which is a constant of the trace)."""
    statement = read if isinstance(read, ast.stmt) else ast.Assign([ast.Name("_", ast.Store())], read)
    return depends_on(function, statement, function, tree, values_only=values_only)


def _users_parameters(failure: Failure) -> set[str]:
    """Every parameter name of the user's: of the functions in the failing file, of the user's frames on the
    stack (other cells' functions), and of the call that failed."""
    names = {p for f in ast.walk(failure.tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
             for p in parameter_names(f)}
    for tb in failure.user:
        names.update(code_parameters(tb.tb_frame.f_code))
    return names | set(failure.facts.params if failure.facts is not None else ())


def _params_of_def_at(tree: ast.Module, line: int | None) -> list[str]:
    definition = definition_at(tree, line) if line else None
    return parameter_names(definition) if definition is not None else []
