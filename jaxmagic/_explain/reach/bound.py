"""A Python value a library traces because it passes it on: bound with ``functools.partial`` instead.

Some libraries trace every argument they hand to the user's function: jaxns traces a prior model's
``args``, and a count, a flag or a degree passed there arrives as a tracer. No jit option of the user's
reaches that trace. The static decision is made where the user hands the function to the library:
``Model(prior_model=functools.partial(prior_model, n_components=2))`` binds the value, which the library
then never sees. The value is read from the outermost jitted call on the stack, whose arguments are
still the user's own (the one Python scalar of the parameter's type there); the fix is tried by running
the failing trace again with the parameter held as that value in the function's first line.

A library may also forward a keyword the user gives it into its own jit, which hands it on to the user's
function (``coix.util.train(loss_fn, ..., num_particles=16)``): ``bound_keyword_fix`` reads both places
in the user's top-level code, binds the value where the function is handed over, and leaves the keyword
out of the forwarding call.
"""
from __future__ import annotations

import ast
import inspect
import re
import types
from typing import Any

from ..._common.frames import quiet_leaves
from ..._common.errors import is_user_file
from ..._common.source import as_load, copied, parameter_names
from ..._tracking.compiling.jax_frames import find_jax_call
from ..explanation import Fix
from ..fixes.rewrites import Edit
from ..fixes.site import dotted_of
from ..rebuild import Names
from ..recover import Impure, evaluate_pure, frame_of
from .entry import Entry
from .handed import handed_at, library_caller

__all__ = ["bound_argument_fix", "bound_handed_value_fix", "bound_keyword_fix", "bound_leaf_fix"]

_KINDS = ("traced-shape", "integer-conversion", "bool-conversion", "concretization")


def bound_argument_fix(kind: str, argument: str | None, entry: Entry | None, failing: types.FrameType | None,
                       tree: ast.Module | None, globals_: dict | None, functools_name: str) -> Fix | None:
    """``functools.partial`` binding ``argument`` where the user hands ``entry``'s function to the library that
    traced it, when that argument held one Python scalar the library passed on; None otherwise."""
    if kind not in _KINDS or entry is None or argument not in entry.params or tree is None or failing is None:
        return None
    definition = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry.name), None)
    library = library_caller(entry.name, tree, globals_ or {})
    handed = handed_at(entry.name, tree)
    if definition is None or library is None or handed is None or not definition.body:
        return None
    value = _passed_value(entry.frame.f_locals.get(argument), failing)
    if value is _NONE:
        return None
    call, name = handed
    new = ast.Call(ast.Attribute(ast.Name(functools_name, ast.Load()), "partial", ast.Load()),
                   [ast.Name(entry.name, ast.Load())], [ast.keyword(argument, ast.Constant(value))])
    shown = _in_statement(tree, call, _replaced(call, name, new))
    code = f"{shown}\n# then stop passing {argument} to {library}"
    first = definition.body[0]
    held = ast.Assign([ast.Name(argument, ast.Store())], ast.Constant(value), lineno=first.lineno)
    return Fix(
        "static", code,
        f"{library} traces every argument it passes to `{entry.name}`, so the Python {type(value).__name__} "
        f"`{argument}` arrives as a tracer; bind it with `functools.partial` where you hand `{entry.name}` to "
        f"{library}: a bound value is a constant of the function, never traced",
        recipe=Edit(first, [held, first]),
    )


_NONE = object()


def _passed_value(tracer: Any, failing: types.FrameType) -> Any:
    """The one Python scalar of ``tracer``'s type among the outermost jitted call's arguments, else ``_NONE``."""
    aval = getattr(tracer, "aval", None)
    # a Python scalar traced is weakly typed (a bool is not weak, but has no other source than a Python bool)
    if aval is None or getattr(aval, "shape", None) != () or not (aval.weak_type or aval.dtype == bool):
        return _NONE
    call = outer = find_jax_call(failing)
    while call is not None:
        outer, call = call, find_jax_call(call.frame.f_back)
    if outer is None:
        return _NONE
    wanted = bool if aval.dtype == bool else int if "int" in str(aval.dtype) else float
    traced = ([a for i, a in enumerate(outer.args) if i not in outer.static_argnums],
              {k: v for k, v in outer.kwargs.items() if k not in outer.static_argnames})
    try:  # only the arguments the outermost jit traces: a static one never becomes a tracer
        leaves = quiet_leaves(traced)
    except Exception:  # noqa: BLE001 - arguments JAX cannot flatten: no value to read
        return _NONE
    found = [leaf for leaf in leaves if type(leaf) is wanted]
    return found[0] if len(found) == 1 else _NONE


def _in_statement(tree: ast.Module, call: ast.Call, new: ast.Call) -> str:
    """The user's whole statement that holds ``call``, with ``new`` in its place (``model = Model(...)``, not the
    call alone: pasted, it must still bind the name)."""
    statement = next((s for s in tree.body if any(n is call for n in ast.walk(s))), None)
    return ast.unparse(_replaced(statement, call, new) if statement is not None else new)


def _replaced(holder: ast.AST, old: ast.AST, new: ast.expr) -> ast.AST:
    """A copy of ``holder`` with its node ``old`` (found by position) replaced by ``new``; the file's own tree is
    never changed."""
    where = (type(old), old.lineno, old.col_offset, old.end_lineno, old.end_col_offset)

    class _Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            at = (type(node), *(getattr(node, a, None) for a in ("lineno", "col_offset", "end_lineno",
                                                                  "end_col_offset")))
            return new if at == where else self.generic_visit(node)

    return _Swap().visit(copied(holder))


def bound_handed_value_fix(path: str | None, node: ast.AST | None, tree: ast.Module | None, globals_: dict | None,
                           functools_name: str) -> tuple[Fix, str] | None:
    """``functools.partial`` binding a value JAX cannot trace that the user's call hands a library in a tuple
    (jaxns's ``args=(x, y, "laplace")``, at path ``args[2]``), which the library passes on to the user's function
    as its parameters, one each; with that parameter's name. None unless exactly one function of the user's,
    handed to a library, takes as many parameters as the tuple holds."""
    if tree is None or node is None:
        return None
    keyed = re.fullmatch(r"(\w+)\[['\"](\w+)['\"]\]", path or "")
    if keyed is not None:
        return _bound_dict_entry(keyed.group(1), keyed.group(2), node, tree, globals_ or {})
    matched = re.fullmatch(r"(\w+)\[(\d+)\]", path or "")
    if matched is None:
        return None
    holder, at = matched.group(1), int(matched.group(2))
    tuples = [(k.arg, k.value) for n in ast.walk(node) if isinstance(n, ast.Call) for k in n.keywords
              if isinstance(k.value, ast.Tuple)] + [(None, a) for n in ast.walk(node) if isinstance(n, ast.Call)
                                                     for a in n.args if isinstance(a, ast.Tuple)]
    named = [t for t in tuples if t[0] == holder]  # JAX names the library's parameter: the user's keyword, or
    if len(named) == 1 or len(tuples) == 1:  # the one tuple the user's call hands over
        holder, given = (named or tuples)[0]
    else:
        return None
    if at >= len(given.elts):
        return None
    takers = [d for d in tree.body if isinstance(d, ast.FunctionDef) and len(d.args.args) == len(given.elts)
              and not d.args.vararg and handed_at(d.name, tree) is not None
              and library_caller(d.name, tree, globals_ or {}) is not None]
    if len(takers) != 1:
        return None
    taker = takers[0]
    param, library = taker.args.args[at].arg, library_caller(taker.name, tree, globals_ or {})
    call, name = handed_at(taker.name, tree)  # type: ignore[misc]
    new = ast.Call(ast.Attribute(ast.Name(functools_name, ast.Load()), "partial", ast.Load()),
                   [ast.Name(taker.name, ast.Load())], [ast.keyword(param, copied(given.elts[at]))])
    kept = ast.Tuple([copied(e) for i, e in enumerate(given.elts) if i != at], ast.Load())
    passed = f"{holder}={ast.unparse(kept)}" if holder else ast.unparse(kept)
    code = f"{_in_statement(tree, call, _replaced(call, name, new))}\n# and {passed} where you pass it"
    return Fix(
        "static", code,
        f"{library} traces every value in `{holder or ast.unparse(given)}` and passes them to `{taker.name}` as its parameters; "
        f"`{param}` is not an array, so bind it with `functools.partial` where you hand `{taker.name}` to {library}: "
        "a bound value is a constant of the function, never traced",
    ), param


def _bound_dict_entry(holder: str, key: str, node: ast.AST, tree: ast.Module, globals_: dict
                      ) -> tuple[Fix, str] | None:
    """``reg_kwargs={"norm": "l1", ...}`` handed to a library that passes its entries on to the user's function as
    keywords (jaxparrow's regularization): ``norm`` bound in a lambda around that function instead, and left out of
    the dict. None unless the user's call gives ``holder`` as one dict literal holding ``key``, and one
    function of the user's handed to a library takes a parameter ``key``."""
    given = [k.value for n in ast.walk(node) if isinstance(n, ast.Call) for k in n.keywords
             if k.arg == holder and isinstance(k.value, ast.Dict)]
    if len(given) != 1:
        return None
    entries = [i for i, k in enumerate(given[0].keys) if isinstance(k, ast.Constant) and k.value == key]
    takers = [d for d in tree.body if isinstance(d, ast.FunctionDef) and key in parameter_names(d)
              and handed_at(d.name, tree) is not None and library_caller(d.name, tree, globals_) is not None]
    if len(entries) != 1 or len(takers) != 1:
        return None
    taker, at = takers[0], entries[0]
    params = [a.arg for a in taker.args.args]
    if taker.args.posonlyargs or taker.args.vararg or taker.args.kwonlyargs or taker.args.kwarg or \
            taker.args.defaults:
        return None
    library = library_caller(taker.name, tree, globals_)
    call, name = handed_at(taker.name, tree)  # type: ignore[misc]
    # a lambda without ``key`` among its parameters, not ``functools.partial``: a library that reads the function's
    # signature against the dict (jaxparrow does) still finds a keyword parameter ``key`` in a partial
    new = ast.Lambda(ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params if p != key], kwonlyargs=[],
                                   kw_defaults=[], defaults=[]),
                     ast.Call(ast.Name(taker.name, ast.Load()), [], [
                         ast.keyword(p, copied(given[0].values[at]) if p == key else ast.Name(p, ast.Load()))
                         for p in params]))
    kept = ast.Dict([copied(k) for i, k in enumerate(given[0].keys) if i != at],
                    [copied(v) for i, v in enumerate(given[0].values) if i != at])
    inside = any(n is given[0] for n in ast.walk(call))  # one call hands over both: both changed there
    changed = _replaced(call, name, new)
    code = _in_statement(tree, call, _replaced(changed, given[0], kept) if inside else changed)
    code += "" if inside else f"\n# and {holder}={ast.unparse(kept)} where you pass it"
    return Fix(
        "static", code,
        f"{library} traces every value in `{holder}` and passes them to `{taker.name}`; `{key}` is not an array, "
        f"so bind it in a lambda where you hand `{taker.name}` to {library}: a bound value is a constant of the "
        "function, never traced",
    ), key


def bound_leaf_fix(kind: str, path: str | None, argument: str | None, entry: Entry | None,
                   definition: ast.AST | None, globals_: dict | None, names: Names) -> Fix | None:
    """A Python scalar inside an argument a library traces whole (``batch['horizon']`` in the batch kfac-jax
    passes to the loss), read by the function as a constant of the user's module instead; None unless the
    leaf is a traced Python scalar and the user's global of the parameter's name holds it as one.

    The constant is added to ``names.missing`` so that the fix's try compiles the function with it."""
    if kind not in _KINDS or entry is None or argument not in entry.params or not path or path == argument \
            or not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    try:
        read = ast.parse(path, mode="eval").body
    except SyntaxError:
        return None
    root = read
    while isinstance(root, (ast.Subscript, ast.Attribute)):
        root = root.value
    if not (isinstance(root, ast.Name) and root.id == argument) or argument not in (globals_ or {}):
        return None
    try:
        tracer = evaluate_pure(read, frame_of({}, entry.frame.f_locals))
        value = evaluate_pure(read, frame_of(globals_))
    except Impure:
        return None
    aval = getattr(tracer, "aval", None)
    if aval is None or getattr(aval, "shape", None) != () or type(value) not in (int, float, bool) or \
            not (aval.weak_type or aval.dtype == bool):
        return None  # a traced Python scalar is weakly typed; a bool has no other source than a Python bool
    constant = _constant_name(read, value, globals_ or {})
    edits = _reads_replaced(definition, read, constant)
    if not edits:
        return None
    names.missing[constant] = value
    (first, fixed), *also = edits
    edit = Edit(first, fixed, also=also)
    code = f"{constant} = {value!r}  # {path}, the Python {type(value).__name__} your cell holds\n\n{edit.code()}"
    return Fix(
        "static", code,
        f"`{path}` is a Python {type(value).__name__} in your cell, but `{entry.name}` is given it inside "
        f"`{argument}`, which is traced whole, so it arrives as a tracer; read it as a constant of your module: a "
        "value the function reads while JAX traces is never traced",
        recipe=edit,
    )


def _constant_name(read: ast.expr, value: Any, globals_: dict) -> str:
    """An upper-case name for the leaf (``HORIZON`` for ``batch['horizon']``), unless the module holds another
    value under it."""
    last = read.slice if isinstance(read, ast.Subscript) else read.attr if isinstance(read, ast.Attribute) else None
    key = last.value if isinstance(last, ast.Constant) else last
    name = re.sub(r"\W", "_", str(key)).upper() if isinstance(key, str) and key.isidentifier() else None
    if name is None or (name in globals_ and globals_[name] != value):
        name = re.sub(r"\W+", "_", ast.unparse(read)).strip("_").upper()
    return name


def _reads_replaced(definition: ast.AST, read: ast.expr, constant: str) -> list[tuple[ast.stmt, ast.stmt]]:
    """Each innermost statement of ``definition`` that reads ``read``, with the read replaced by ``constant``."""
    wanted = ast.dump(read)

    class _Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Load) and \
                    ast.dump(as_load(node)) == wanted:
                return ast.copy_location(ast.Name(constant, ast.Load()), node)
            return self.generic_visit(node)

    found: list[tuple[ast.stmt, ast.stmt]] = []
    for statement in ast.walk(definition):
        if not isinstance(statement, ast.stmt) or statement is definition:
            continue
        own = [statement, *(c for c in ast.iter_child_nodes(statement) if not isinstance(c, ast.stmt))]
        if any(isinstance(n, (ast.Subscript, ast.Attribute)) and ast.dump(as_load(n)) == wanted
               for part in own[1:] for n in ast.walk(part)):
            found.append((statement, _Swap().visit(copied(statement))))
    inner = {id(n) for outer, _ in found for n in ast.walk(outer) if n is not outer}
    return sorted((pair for pair in found if id(pair[0]) not in inner), key=lambda pair: pair[0].lineno)


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)  # not the top-level call that forwards


def bound_keyword_fix(name: str | None, tree: ast.AST | None, globals_: dict | None, functools_name: str
                      ) -> Fix | None:
    """``functools.partial(f, name=value)`` where the user's function ``f`` is handed to library code, and the
    keyword left out of the library call that forwards it into its jit (``coix.util.train(loss_fn, ...,
    num_particles=16)``, ``flow.forward(x, cfg=...)`` of a flow made with ``ContFlowRK4(field)``): the value stays
    the Python value it is. None unless the user's top-level code shows both, each once."""
    globals_ = globals_ or {}
    if name is None or not isinstance(tree, ast.Module):
        return None
    forwarding = [(s, k) for s in tree.body if not isinstance(s, _DEFINITIONS) for c in ast.walk(s)
                  if isinstance(c, ast.Call) and _library_callee(c, globals_) for k in c.keywords if k.arg == name]
    if len(forwarding) != 1:
        return None
    statement, keyword = forwarding[0]
    handing = [(s, a) for s in tree.body[: tree.body.index(statement) + 1] for c in ast.walk(s)
               if isinstance(c, ast.Call) for a in [*c.args, *(k.value for k in c.keywords)]
               if isinstance(a, ast.Name) and _takes(globals_.get(a.id), name)]
    if len(handing) != 1:
        return None
    handed_in, function = handing[0]
    forwarded = _without_keyword(statement, lambda n: n is not keyword)
    bound = ast.Call(ast.Attribute(ast.Name(functools_name, ast.Load()), "partial", ast.Load()),
                     [ast.Name(function.id, ast.Load())], [ast.keyword(name, copied(keyword.value))])
    if handed_in is statement:
        shown = [ast.unparse(_replaced(forwarded, _twin(statement, forwarded, function), bound))]
    else:
        shown = [ast.unparse(_replaced(handed_in, function, bound)), ast.unparse(forwarded)]
    library = (dotted_of(_callee_node(statement, keyword)) or "the library").split("(")[0]
    # tried by running the failing trace again with the value held on the function's first line, as bound
    definition = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function.id), None)
    first = definition.body[0] if definition is not None and definition.body else None
    held = ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], copied(keyword.value)), first) \
        if first is not None else None
    return Fix(
        "static", "\n...\n".join(shown),
        f"`{library}` hands `{name}` on to the function it jits, and JAX traces it there; bound to "
        f"`{function.id}` with `functools.partial` before the library sees it, `{name}` stays the Python value "
        "it is",
        recipe=Edit(first, [held, first]) if first is not None else None,
    )


def _library_callee(call: ast.Call, globals_: dict) -> bool:
    """True when ``call`` calls something that is not the user's own code (read by name, not run)."""
    parts = (dotted_of(call.func) or "").split(".")
    value = globals_.get(parts[0]) if parts[0] else None
    for part in parts[1:]:
        value = getattr(value, part, None)
    if value is None:  # a method of an object (``flow.forward``): its class decides
        value = globals_.get(parts[0])
        value = getattr(type(value), parts[-1], None) if value is not None and len(parts) == 2 else None
    code = getattr(inspect.unwrap(value), "__code__", None) if callable(value) else None
    return code is not None and not is_user_file(code.co_filename)


def _takes(value: object, name: str) -> bool:
    """True when ``value`` is a function of the user's with a parameter ``name``."""
    if not isinstance(value, types.FunctionType) or not is_user_file(value.__code__.co_filename):
        return False
    try:
        return name in inspect.signature(value).parameters
    except (TypeError, ValueError):
        return False


def _callee_node(statement: ast.stmt, keyword: ast.keyword) -> ast.expr:
    return next(c.func for c in ast.walk(statement) if isinstance(c, ast.Call) and keyword in c.keywords)


def _without_keyword(statement: ast.stmt, keep) -> ast.stmt:
    """``statement`` with the keyword left out (``keep`` is False for it)."""
    edited = copied(statement)
    for original, made in zip(ast.walk(statement), ast.walk(edited)):
        if isinstance(made, ast.Call):
            made.keywords = [k for k, o in zip(made.keywords, original.keywords) if keep(o)]
    return edited


def _twin(original: ast.AST, copied: ast.AST, node: ast.AST) -> ast.AST:
    """The node of ``copied`` (a deep copy of ``original``) at ``node``'s place."""
    return next(c for o, c in zip(ast.walk(original), ast.walk(copied)) if o is node)
