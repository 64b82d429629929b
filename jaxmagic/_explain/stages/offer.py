"""Stage four: the fixes for the record's site, in the preferred order, as code for the user's own line."""
from __future__ import annotations

import ast
import dataclasses
from typing import Any

from ..._common.errors import (installed_package, is_installed_library, is_jax_file, is_user_file, shape_family,
                              traceback_entries)
from ..._common.frames import holds_tracer, library_entry
from ..._common.source import enclosing_function, every_node, names_in, parameter_names, parse_file
from ..call import data_dependent, known_call, plain_function, root_of
from .locate import transformed_expression
from ..explanation import Explanation, Fix
from ..fixes.rewrites import logical
from ..fixes.site import static_fix
from ..fixes.propose import Site, kept_out_of_the_trace, propose
from ..rebuild import Names, array_field
from ..reach.annotated import handed_texts
from ..reach.bound import bound_argument_fix, bound_handed_value_fix, bound_keyword_fix, bound_leaf_fix
from ..reach.entry import entry_of
from ..reach.handed import handed_to_a_scan
from ..values.callee import host_library
from ..values.graph_inputs import graph_input_fix
from ..reach.options import transform_option_fix
from ..reach.stored_attributes import kept_jitted_call
from ..declare.pytree_class import inline_dataclass_fix
from ..declare.wrapper import bound_method_fix
from ..declare.jit_option import library_builder_static_fix, library_jit_static_fix, library_own_jit_fix
from ..declare.closure import ClosedOver
from ..declare.leaf import Static
from ..declare.hoisted import built_outside_fix, hoisted_call_fix, hoisted_method_fix, hoisted_size_fix, unjitted_fix
from ..shaped.constants import constant_object_fix, constant_statement_fix, handed_statement_fix, numpy_statement_fix
from ..._common.frames import unhashable_jitted_method
from ..twins.choices import names_in_list
from ..twins.library_options import library_option_fix
from ..twins.host_calls import feeds_effect_call, host_call_fix
from .record import CONVERSIONS, Failure

__all__ = ["offer"]


def offer(failure: Failure) -> None:
    """Set the record's namespace and the explanation's fixes (none tried yet)."""
    found, call, facts, leak, user, tree = failure.found, failure.call, failure.facts, failure.leak, failure.user, \
        failure.tree
    kind, given = failure.kind, failure.given
    plain = call.fn if call is not None else plain_function(failure.fn)
    globals_ = failure.globals_ = user[-1].tb_frame.f_globals if user else getattr(plain, "__globals__", None)
    # the names the fixes' code is written with: the user's, never a library method's module (dLux's `np`)
    own = plain is not None and is_user_file(getattr(getattr(plain, "__code__", None), "co_filename", ""))
    failure.names = Names(plain.__globals__ if own else globals_)
    if user and failure.node is not None:  # the values the failing line reads: a library's own array type?
        failure.names.read_frame(held := user[-1].tb_frame.f_locals)
        failure.names.own_where([held[n] for n in names_in(failure.node) if n in held and holds_tracer(held[n])],
                                globals_)
    kept = kept_jitted_call(leak.function, user[-1] if user else None) \
        if leak and leak.kept_by and getattr(facts, "name", None) != leak.function else None
    if kept is not None:  # library code kept a value the cell's call gave (``emission(1300.0, 0.1, 500.0)``), met
        # later by another call (``atmosphere.clip(...)``): the jitted call, for the static fix's words and try
        failure.call, facts = known_call(kept[0], kept[1], kept[2], None, None)
        failure.facts = facts
    site = Site(
        kind=kind,
        message=failure.message,
        node=failure.node,
        tree=tree,
        definition=enclosing_function(tree, found.lineno) if tree is not None and found.lineno else None,
        argument=found.argument,
        paths=found.paths,
        names=failure.names,
        facts=facts,
        data_dependent=data_dependent(found.paths, facts),
        leak_store=leak.store if leak else None,
        leak_outer=leak.outer if leak else None, leak_kept_by=leak.kept_by if leak else None,
        leak_jitted=bool(leak and leak.jitted), leak_scanned=bool(leak and (leak.traced_for == "scan" or (
            tree is not None and leak.function and handed_to_a_scan(leak.function, tree)))),
        globals_=globals_,
        operands=found.operands, family=shape_family(failure.exc),
        host_library=host_library(failure.node, user) if kind in (*CONVERSIONS, "boolean-index", "traced-shape")
        else None,
        locals_=user[-1].tb_frame.f_locals if user else None, converted=converted_field(failure.exc),
    )
    found.fixes = propose(site)
    texts = handed_texts(failure.node, user[-1].tb_frame) if user and facts is not None and kind in (
        *CONVERSIONS, "traced-shape") else set()
    handed = [found.path, *sorted(t for t in texts - {found.path} if root_of(t) in facts.params)] \
        if found.path in texts else []  # (every traced value the call hands it so: a config's two numbers)
    made = static_fix(dataclasses.replace(site, paths=handed, data_dependent=data_dependent(handed, facts))) if \
        len(handed) > 1 or handed and not any(f.kind == "static" for f in found.fixes) else None
    if made is not None and isinstance(made.recipe, Static) and not (root_of(found.path) in made.recipe.add
                                                                      or made.recipe.edited is not None):
        made = None  # the value the library needs left traced (``spot`` and ``vol`` made static, not ``spec['steps']``)
    if made is not None:  # ``causal=causal`` where the library's signature says ``causal: bool``: static, all of them
        found.fixes = [*(f for f in found.fixes if f.kind != "static" or len(handed) == 1), made]
    method = unhashable_jitted_method(failure.exc) if kind == "unhashable-static" else None
    rejitted = bound_method_fix(method[1], method[0], tree, globals_ or {}) if method else None
    if method is not None:  # jax.jit(obj.method): the object passed traced, not the call's arguments
        found.fixes = [rejitted] if rejitted is not None else [f for f in found.fixes if f.template]
    option = transform_option_fix(kind, found.argument if found.path == found.argument else None,
                                  transformed_expression(given[0], user) if given else None, given, globals_, user,
                                  failure.names, setting=library_entry(failure.exc) is not None)
    if option is not None:  # pmap's static_broadcasted_argnums, vmap's in_axes: no jit around them would do
        rest = [f for f in found.fixes if f.kind != "static"]
        named = failure.node is not None and any(isinstance(n, ast.Subscript) and names_in_list(n.value, site)
                                                 for n in ast.walk(failure.node))  # band_names[i]: a loop first
        found.fixes = [option, *rest] if named else [*rest, option]
    if not any(f.kind == "static" and not f.template for f in found.fixes) and (kind in CONVERSIONS or kind ==
                                                                               "traced-shape"):
        # jax.jit(model.apply)(params, x, 2): the user's jit of a library's callable, given the option
        own_jit = library_jit_static_fix(given, failure.exc, user, found.argument) or library_own_jit_fix(
            given, found.argument, tree, globals_ or {}, failure.names.jax) or library_builder_static_fix(
            given, failure.exc, user, found.argument)  # nj.init(fn)(state, x, 15): the builder's option
        found.fixes += [own_jit] if own_jit is not None else []
    chosen = library_option_fix(kind, failure.exc, failure.node, user)
    if chosen is not None:  # a library's option it works out from traced data: given by the user instead
        found.fixes = [chosen, *(f for f in found.fixes if f.kind != "static")]
    # a Python value a library traced because it passes it on (jaxns's model args): bound where it is handed over
    if not any(f.kind == "static" for f in found.fixes):
        entry = entry_of(failure.exc)
        bound = bound_argument_fix(kind, found.argument, entry, user[-1].tb_frame if user else None, tree, globals_,
                                   failure.names.functools) or bound_leaf_fix(
            kind, found.path, found.argument, entry, site.definition, globals_, failure.names)  # a batch's scalar
        found.fixes = [*found.fixes, bound] if bound is not None else found.fixes
    keyword = bound_keyword_fix(found.argument, tree, globals_, failure.names.functools) \
        if kind in (*CONVERSIONS, "traced-shape", "non-array-argument") else None
    if keyword is not None:  # a keyword library code forwards into its jit: bound to the user's function instead of
        # any static option of the library's own function, which is not the user's to jit
        library = facts is None or (facts.source is not None and is_installed_library(facts.source[1]))
        found.fixes = [*(f for f in found.fixes if not (f.kind == "static" and library)), keyword]
    handed = bound_handed_value_fix(found.path, failure.node, tree, globals_, failure.names.functools) \
        if kind == "non-array-argument" else None
    if handed is not None:  # jaxns's args=(x, y, "laplace"): bound to the user's function, named by its parameter
        found.fixes = [handed[0], *(f for f in found.fixes if f.kind != "static")]
        found.argument = found.path = handed[1]
        found.paths, found.arguments = [handed[1]], [handed[1]]
    if kind in (*CONVERSIONS, "traced-shape", "boolean-index") and not found.paths and site.definition is not None:
        # ``kr, keep = diagnostics.ispec_grid(grid)`` in the jitted function, from no argument: made before the jit
        constant = constant_statement_fix(site.definition, failure.node, tree, globals_, found.filename) or (
            numpy_statement_fix(site) if kind == "boolean-index" else None)  # (``order = jnp.asarray(meta[...])``)
        found.fixes = [constant, *found.fixes] if constant is not None else found.fixes
    made = constant_object_fix(failure.exc, site.definition, failure.node, globals_, found.filename, facts.values if
                               facts else None) if kind in (*CONVERSIONS, "traced-shape") else None
    if made is not None:  # mcfit.TophatVar(k)(pk) in the jitted function, k a constant: the object made before the jit
        found.fixes = [made, *(f for f in found.fixes if f.kind != "static" or f.recipe is not None)]
    hoisted = (handed_statement_fix(failure.exc, site.definition, found.lineno, tree, globals_, found.filename,
                                    facts.values if facts else None) or hoisted_call_fix(
        failure.exc, tree, found.lineno, globals_)) if not found.fixes and kind in (
        *CONVERSIONS, "boolean-index", "traced-shape") else None
    if hoisted is not None:  # e3x.ops.dense_to_sparse_indices(adj_idx) masks by values inside the library: run it
        found.fixes = [hoisted]  # before the jit
    if kind in ("traced-shape", "integer-conversion", "concretization") and \
            not any(f.kind in ("size-argument", "numpy-for-static") for f in found.fixes):
        # ``num_nodes = receivers.max() + 1`` in the jitted function: computed by the caller, passed static
        size = hoisted_size_fix(site)
        at = next((i for i, f in enumerate(found.fixes) if f.template or f.kind in ("static", "remove-inner-jit")),
                  len(found.fixes))
        found.fixes = [*found.fixes[:at], size, *found.fixes[at:]] if size is not None else found.fixes
    method = hoisted_method_fix(site) if kind == "leaked-tracer" and leak is not None and leak.kept_by else None
    if method is not None:  # rng.get() inside the jit, on a key generator that keeps its key: called by the caller
        found.fixes = [method, *found.fixes]
    unjitted = unjitted_fix(failure.exc, tree, found.lineno, globals_) if kind in (*CONVERSIONS, "traced-shape") and \
        all(f.template or isinstance(f.recipe, ClosedOver) for f in found.fixes) else None  # (an array the library
    # converts, made a constant: it may still meet a value it computes from the traced ones)
    built = built_outside_fix(failure.exc, tree, found.lineno) if kind in (*CONVERSIONS, "traced-shape") and \
        hoisted is None and not any(f.kind == "static" and not f.template and not isinstance(f.recipe, ClosedOver)
                                    for f in found.fixes) else None
    if built is not None:  # jaxGW's likelihood built from a traced reference point: built before the jit (after a
        # constant closed over, which it replaces where that fails: a try that fails goes last)
        at = 0 if all(f.template for f in found.fixes) else len(found.fixes)  # never before code that may trace
        found.fixes = [*found.fixes[:at], built, *found.fixes[at:]]
        found.fixes, unjitted = ([*found.fixes, unjitted] if unjitted is not None else found.fixes), None  # guidance
    if unjitted is not None:  # cvxpylayers' layer under the user's @jax.jit, where only patterns were offered (after
        found.fixes = [unjitted, *found.fixes] if hoisted is None else [*found.fixes, unjitted]  # the call moved out)
    graph = graph_input_fix(failure.exc, kind, found.argument, user) if not found.fixes else None
    if graph is not None:  # pytensor's JAX graph ``x[:k]`` of an input ``k``: a constant where the graph is built
        found.fixes = [graph]
    library_logic = _library_logic_fix(failure.exc) if kind == "bool-conversion" and not found.fixes else None
    if library_logic is not None:  # eformer's own ``lambda x, y: x and ...`` in its wrapper: guidance for its line
        found.fixes = [library_logic]
    split = host_call_fix(site, source=_jitted_here(failure.jax_call, user, site.definition, found.filename)) if (
        facts is None or facts.source is None) and not any(f.kind == "return-value" for f in found.fixes) else None
    if split is not None:  # ``self.log("loss", float(loss))`` in a function the user jitted inside a library's loop
        found.fixes = [split, *(f for f in found.fixes if f.kind != "astype" or not feeds_effect_call(site))]
    kept = host_call_fix(site, source=(leak.outer, found.filename), stored=leak.store) if leak is not None and \
        leak.jitted and leak.made_in and isinstance(leak.store, ast.Expr) and found.filename else None
    if kept is not None:  # ``self.log("loss", loss)`` under jit: the library kept the tracer; logged outside jit
        found.fixes = [kept, *(f for f in found.fixes if not (f.kind == "return-value" and f.template))]
    inline = inline_dataclass_fix(failure.exc, failure.node, failure.message) \
        if kind == "unhashable-static" and not found.paths else None
    if inline is not None:  # embedding=Scaled(...) made on the line, which a library's jit holds static: declared frozen
        found.fixes = [inline[1], *(f for f in found.fixes if not f.template)]
        found.argument = found.path = inline[0]
        found.paths, found.arguments = [inline[0]], [inline[0]]
    if not found.fixes:  # a Python number a library traced into the user's function: guidance to hand it over
        found.fixes = kept_out_of_the_trace(site)
    if not found.paths:
        _argument_from_fix(found, tree)
    found.fixes = [f for f in found.fixes if _parses(f.code)]  # code that is not Python is no fix to paste


def _jitted_here(call: Any, user: list, definition: ast.AST | None, filename: str | None
                 ) -> tuple[ast.AST, str] | None:
    """(the failing function's definition, its file) when ``call``, the innermost jit on the stack, jits that very
    function (``jax.jit(self.evaluate)``); else None."""
    if not user or definition is None or filename is None:
        return None
    fun = getattr(call, "fun", None)
    for _ in range(4):  # a bound method, a partial
        fun = getattr(fun, "__func__", None) or getattr(fun, "func", None) or fun
    return (definition, filename) if getattr(fun, "__code__", None) is user[-1].tb_frame.f_code else None


def _parses(code: str) -> bool:
    """True for code Python reads (a ``%%jittrace`` line is the cell magic's own)."""
    try:
        ast.parse(code)
    except SyntaxError:
        return code.lstrip().startswith("%%")
    return True


def _library_logic_fix(exc: BaseException) -> Fix | None:
    """The library's own line that asked a traced value for a bool with ``and``/``or``/``not``, written with ``&``,
    ``|`` and ``jnp.logical_not``: guidance, since that line is the library's and jaxmagic changes no library."""
    entry = library_entry(exc)
    filename = entry.tb_frame.f_code.co_filename if entry is not None else ""
    tree = parse_file(filename) if entry is not None else None
    line = [n for n in every_node(tree) if (isinstance(n, ast.BoolOp) or isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not)) and getattr(n, "lineno", 0) <= (
        entry.tb_lineno) <= getattr(n, "end_lineno", 0)] if tree is not None else []
    made = logical(line[-1], Names(entry.tb_frame.f_globals)) if line else None
    if made is None:
        return None
    package = installed_package(filename) or "the library"
    shown = filename.rsplit("site-packages/", 1)[-1]  # as the package's own path: eformer/mpric/...
    fix = Fix("logical-op", f"{ast.unparse(made)}   # {package}'s line: {shown}:{entry.tb_lineno}",
              f"`{package}`'s own code combines traced values with `{ast.unparse(line[-1])[:40]}`, which asks "
              "Python for a bool; `&`, `|` and `jnp.logical_not` combine them in the traced program. The line is "
              f"{package}'s: report it there, or avoid the call that reaches it", template=True)
    fix.outcome = f"the line is {package}'s own, and jaxmagic changes no library's code"
    return fix


def _argument_from_fix(found: Explanation, tree: ast.AST | None) -> None:
    """With no traced argument, a value passed through an inner jit names its parameter."""
    top = found.fixes[0] if found.fixes else None
    if top is None or top.kind != "remove-inner-jit" or top.recipe is None or tree is None:
        return
    definition = enclosing_function(tree, found.lineno) if found.lineno else None
    params = set(parameter_names(definition)) if definition is not None else set()
    used = [n for n in names_in(top.recipe.target) if n in params]
    if used:
        found.arguments = list(dict.fromkeys(used))
        found.argument = found.path = used[0]
        found.paths = [used[0]]


_CONVERTERS = ("__float__", "__int__", "__complex__", "__index__", "__bool__", "item", "numpy", "__array__")


def converted_field(exc: BaseException) -> str | None:
    """The field holding the traced array of the object whose own conversion method (``__float__`` of discopy's
    ``Tensor``) met the tracer, read off the innermost library frame that is one; None where JAX's own array
    refused."""
    for entry in reversed(traceback_entries(exc.__traceback__)):
        code = entry.tb_frame.f_code
        if code.co_name in _CONVERTERS and is_installed_library(code.co_filename) and not is_jax_file(code.co_filename):
            return array_field(entry.tb_frame.f_locals.get("self"))
    return None
