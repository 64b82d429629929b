"""Private copies of the user's function, rebuilt from edited syntax trees, for probe traces.

A fix is verified by tracing a *copy* of the function: a fresh function object
(so JAX's caches, keyed by the function, never see it), with its own copy of
the globals (so the user's namespace is untouched), sharing the original's
closure cells by name.
"""
from __future__ import annotations

import ast
import contextlib
import copy
import functools
import inspect
import io
import sys
import threading
import types
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import checkify

from .._tracking import monitor
from .._tracking.observed.adapters import rejit
from .._common.errors import installed_package, is_user_file, traceback_entries, tracing_kind
from .._common.frames import quiet_leaves, cut_from_handled
from .._common.through import outer_jit, rewrap
from .retrace.budget import OutOfTime, within_budget
from .retrace.reverse import passes_arguments, trace_probe

__all__ = ["abstract_tracers", "DIFFERENTIATION_TRACERS", "differentiating", "copy_function", "rebuild", "probe_trace", "values_as_given", "Names", "PROBE_SUFFIX",
           "probe_name", "global_names", "refused_only_abstractly"]

# Probe copies carry this suffix, so the events JAX reports for their traces
# (``jaxpr_trace_duration`` with ``fun_name``) never count as the user's function.
PROBE_SUFFIX = "__jaxmagic_probe"
_held = threading.local()  # ``as_given``: this thread's probes hold non-array values as given


def probe_name(name: str) -> str:
    """The user's name for a name JAX reports for a probe copy."""
    return name[: -len(PROBE_SUFFIX)] if name.endswith(PROBE_SUFFIX) else name


def copy_function(fn: types.FunctionType, globals_: dict | None = None) -> types.FunctionType:
    """A new function object with the same code, defaults and closure."""
    new = types.FunctionType(fn.__code__, fn.__globals__ if globals_ is None else globals_,
                             fn.__name__ + PROBE_SUFFIX, fn.__defaults__, fn.__closure__)
    new.__kwdefaults__ = copy.copy(fn.__kwdefaults__)
    new.__qualname__ = fn.__qualname__
    new.__dict__.update(fn.__dict__)  # what a decorator keeps on it (etils' ``_array_types_state``)
    return new


def rebuild(
    original: types.FunctionType,
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
    filename: str,
    globals_: dict,
) -> types.FunctionType:
    """Compile an edited definition of ``original`` into a new function.

    The edited tree keeps the user's line numbers, so a probe that still
    fails points at the user's own line. Free variables are bound to the
    original's closure cells by name.
    """
    if isinstance(node, ast.Lambda):
        definition: ast.stmt = ast.Assign(targets=[ast.Name("__jaxmagic_fn__", ast.Store())], value=node)
        name = "__jaxmagic_fn__"
    else:
        definition = copy.copy(node)
        definition.decorator_list = []
        name = node.name
    free = original.__code__.co_freevars
    if free:
        binds = [ast.Assign(targets=[ast.Name(v, ast.Store())], value=ast.Constant(None)) for v in free]
        outer = ast.FunctionDef(
            name="__jaxmagic_outer__",
            args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=[*binds, definition, ast.Return(ast.Name(name, ast.Load()))],
            decorator_list=[],
            returns=None,
            type_params=[],
        )
        module = ast.Module(body=[outer], type_ignores=[])
    else:
        module = ast.Module(body=[definition], type_ignores=[])
    _locate(module, node)
    namespace: dict[str, Any] = {}
    exec(compile(module, filename, "exec"), globals_, namespace)
    built = namespace["__jaxmagic_outer__"]() if free else namespace[name]
    cells = dict(zip(original.__code__.co_freevars, original.__closure__ or ()))
    own = dict(zip(built.__code__.co_freevars, built.__closure__ or ()))
    closure = tuple(cells.get(v, own.get(v)) for v in built.__code__.co_freevars) or None
    new = types.FunctionType(built.__code__, globals_, original.__name__ + PROBE_SUFFIX, original.__defaults__, closure)
    new.__kwdefaults__ = copy.copy(original.__kwdefaults__)
    new.__qualname__ = original.__qualname__
    new.__dict__.update(original.__dict__)  # what a decorator keeps on it (etils' ``_array_types_state``)
    return new


def _locate(module: ast.Module, anchor: ast.AST) -> None:
    # New nodes (the wrapper, inserted calls) take the anchor's position.
    for node in ast.walk(module):
        for attr in ("lineno", "end_lineno", "col_offset", "end_col_offset"):
            if attr in node._attributes and getattr(node, attr, None) is None:
                setattr(node, attr, getattr(anchor, attr, 1) or 0)
    ast.fix_missing_locations(module)


class Names:
    """How the user's namespace spells ``jax.numpy``, ``jax.lax``, ``numpy``, ``jax`` and ``checkify``.

    Suggested code uses the user's own alias when one exists, else the usual
    one (``jnp``, ``lax``, ``np``, ``jax``), and :meth:`globals_for` provides it
    to the probe copy.
    """

    _MODULES = (("jnp", jnp), ("lax", lax), ("np", np), ("jax", jax), ("checkify", checkify),
                ("functools", functools))

    def __init__(self, globals_: dict | None) -> None:
        globals_ = globals_ or {}
        self.missing: dict[str, Any] = {}
        found = {
            usual: next((k for k, v in globals_.items() if v is module and not k.startswith("_")), None)
            for usual, module in self._MODULES
        }
        for usual, module in self._MODULES:
            alias = found[usual]
            if alias is None and usual in ("jnp", "lax") and found["jax"] is not None:
                alias = f"{found['jax']}.{'numpy' if usual == 'jnp' else 'lax'}"  # `import jax` is enough
            if alias is None:
                alias = usual if usual not in globals_ else f"_jaxmagic_{usual}"
                self.missing[alias] = module
            setattr(self, usual, alias)
        self.where = f"{self.jnp}.where"  # a library's own array type selects with its own where (phiml's math)
        self.values: dict[str, Any] = {}  # the failing frame's variables, where known
        self.held_jnp: set[str] = set()  # the frame's own names for ``jax.numpy`` (gettsim's ``xnp`` parameter)
        self.own_types: set[type] = set()  # that library's array types among them
        self.unwrap: str | None = None  # and the field that holds the array (eagerpy's ``.raw``)
        self.logic: dict[str, str] = {}  # ``or``/``and``/``not`` as functions of that library, for a type without
        # the operators (eagerpy's ``JAXTensor``: ``ep.logical_or``)

    def read_frame(self, values: dict) -> None:
        """The failing frame's variables: a module it holds (``jax.numpy`` handed in as ``xnp``, an array API
        namespace) counts as that module, and spells it where the user's globals do not import it."""
        self.values = values
        self.held_jnp = {name for name, value in values.items() if value is jnp and name.isidentifier()}
        if self.jnp in self.missing and self.held_jnp:
            del self.missing[self.jnp]
            self.jnp = min(self.held_jnp)
            self.where = f"{self.jnp}.where"

    def tree_valued(self, name: str) -> bool:
        """True when the failing frame holds ``name`` as a pytree of several arrays or a container of them
        (gradients, a module's state): ``jnp.where`` takes one array, so it picks leaf by leaf."""
        if name not in self.values:
            return False
        value = self.values[name]
        if type(value) in self.own_types:  # a library's own array type: its own ``where`` picks it whole
            return False
        if isinstance(value, (jax.Array, np.ndarray, np.generic, int, float, complex, bool)):
            return False
        try:
            leaves = quiet_leaves(value)
        except Exception:  # noqa: BLE001 - a value JAX cannot flatten is no pytree of arrays
            return False
        return bool(leaves) and all(isinstance(v, (jax.Array, np.ndarray, np.generic)) for v in leaves)

    def own_where(self, values: list[Any], globals_: dict | None) -> None:
        """Select with the ``where`` of the library whose own array type ``values`` hold (phiml's ``Tensor``:
        ``math.where``; eagerpy's ``JAXTensor``, a class with slots: ``ep.where``), spelled as the user's namespace
        imports that library's module; combine conditions with its ``logical_or``/``logical_and`` where the type
        has no ``|``/``&``, and negate with its ``logical_not``."""
        kinds = {type(v) for v in values if not isinstance(v, (jax.Array, np.ndarray, np.generic, jax.core.Tracer,
                                                                 int, float, complex, bool, str, bytes, tuple, list,
                                                                 dict, types.ModuleType))}
        packages = {k.__module__.split(".", 1)[0] for k in kinds} - {"builtins", "jax", "jaxlib", "numpy"}
        for alias, module in (globals_ or {}).items():
            if (isinstance(module, types.ModuleType) and module.__name__.split(".", 1)[0] in packages
                    and callable(getattr(module, "where", None)) and not alias.startswith("_")):
                self.where = f"{alias}.where"
                own = [k for k in kinds if k.__module__.split(".", 1)[0] == module.__name__.split(".", 1)[0]]
                self.own_types = set(own)
                self.unwrap = next((f for f in map(array_field, values) if f), None)  # ivy's ``.data``
                for word, operator in (("or", "__or__"), ("and", "__and__"), ("not", None)):  # (a class's own
                    # operators: ``type`` has ``|``, which makes unions of classes)
                    if callable(getattr(module, f"logical_{word}", None)) and (
                            operator is None or not all(any(operator in vars(c) for c in k.__mro__) for k in own)):
                        self.logic[word] = f"{alias}.logical_{word}"
                return

    jnp: str
    lax: str
    np: str
    jax: str
    checkify: str
    functools: str

    def globals_for(self, globals_: dict) -> dict:
        """A copy of ``globals_`` with the modules that suggested code names."""
        out = dict(globals_)
        out.update(self.missing)
        return out


def array_field(held: Any) -> str | None:
    """The one field of a library's own array type (discopy's ``Tensor``, eagerpy's ``JAXTensor``) that holds the
    traced array, None for an array itself or an object with none (or several)."""
    if held is None or isinstance(held, (jax.Array, jax.core.Tracer)):
        return None
    slots = [n for klass in type(held).__mro__ for n in (lambda s: (s,) if isinstance(s, str) else s)(
        klass.__dict__.get("__slots__", ()))]  # (eagerpy's ``_raw``, a slot of its base class)
    fields = getattr(held, "__dict__", None) or {n: getattr(held, n, None) for n in slots}
    # a private field read through a public property of its name (eagerpy's ``_raw`` as ``.raw``)
    public = [name.lstrip("_") if name.startswith("_") and isinstance(inspect.getattr_static(
        type(held), name.lstrip("_"), None), property) else name for name, value in fields.items()
        if isinstance(value, jax.core.Tracer)]
    public = [name for name in public if name.isidentifier() and not name.startswith("_")]
    return public[0] if len(public) == 1 else None


def probe_trace(
    fn: Callable, args: tuple, kwargs: dict, static_argnums: tuple = (), static_argnames: tuple = (),
    wrapper: str = "jax.jit", through: tuple[Any, Any] | None = None,
) -> BaseException | None:
    """Trace ``fn`` under a fresh jit with events muted; the exception, or None if it traced.

    ``wrapper`` names the jit the user's call went through (``equinox.filter_jit``,
    ``flax.nnx.jit``): the copy is jitted the same way, so a fix is verified as
    the user would run it. ``through`` is ``(outer, plain)``: the user called
    ``outer``, a stack of transformations around ``plain`` (``jax.vmap(f)``,
    ``jax.jit(jax.jacrev(f))``); ``fn`` then takes ``plain``'s place in a copy
    of that stack.

    Whatever the function prints while traced is the probe's, not the user's
    program's: it is dropped.
    """
    handled = sys.exc_info()[1]  # the user's error, when explained while it is handled
    try:
        with monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
                within_budget():
            jitted = _through(through, fn, args, static_argnums, static_argnames, wrapper) if through else None
            stack = jitted is not None and outer_jit(through[0]) is None  # the user's transformations, as made
            if jitted is None and getattr(_held, "as_given", False) and wrapper == "jax.jit":
                fn, args, kwargs = _arrays_only(fn, args, kwargs, static_argnums, static_argnames, _held.as_given)
                static_argnums, static_argnames = (), ()  # held as given, with what is not traced
            if jitted is None:
                if wrapper == "jax.jit" and passes_arguments(stack):  # ``.trace`` takes any object with a shape and
                    # a dtype as the array it describes; a call does not
                    _refuse_invalid(fn, args, kwargs, static_argnums, static_argnames)
                jitted = rejit(wrapper, fn, static_argnums, static_argnames)
            trace_probe(jitted, args, kwargs, rebuilt_stack=stack)
    except (Exception, OutOfTime) as exc:  # noqa: BLE001 - the probe's outcome, whatever it is
        return cut_from_handled(exc, handled)
    return None


def _through(through: tuple[Any, Any], fn: Callable, args: tuple, static_argnums: tuple, static_argnames: tuple,
             wrapper: str) -> Any:
    """The user's stack of transformations around ``fn``, jitted as the user's call was (or plainly)."""
    outer, plain = through
    jit = outer_jit(outer)
    if jit is not None:  # the user's own jit: jitted again with the static settings being tried
        inner = rewrap(jit._fun, plain, fn)
        return None if inner is None else rejit(wrapper, inner, static_argnums, static_argnames)
    made = rewrap(outer, plain, fn, statics=(tuple(static_argnums), tuple(static_argnames)))
    if made is None:
        return None
    # no jit of the user's: one to trace with, holding static what is not an array (a mode string, a flag)
    held = tuple(i for i, a in enumerate(args) if not _traceable(a))
    return jax.jit(made, static_argnums=tuple(sorted({*static_argnums, *held})) or None,
                   static_argnames=static_argnames or None)


def _refuse_invalid(fn: Callable, args: tuple, kwargs: dict, static_argnums: tuple, static_argnames: tuple) -> None:
    """Raise as ``jax.jit``'s call would for a traced argument that is no JAX type: ``.trace`` takes an object
    with a ``shape`` and a ``dtype`` (etils' ``ArraySpec``) as the array it describes, which a call refuses."""
    try:
        names = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        names = []
    held = {*static_argnums, *(names.index(n) for n in static_argnames if n in names)}
    given = [a for i, a in enumerate(args) if i not in held] + [v for k, v in kwargs.items() if k not in static_argnames]
    for leaf in jax.tree_util.tree_leaves(given):
        if hasattr(leaf, "shape") and hasattr(leaf, "dtype") and not isinstance(
                leaf, (jax.core.Tracer, jax.ShapeDtypeStruct, jax.Array, np.ndarray, np.generic)):  # (any other
            # object ``.trace`` refuses itself, as a call does)
            raise TypeError(f"Argument '{leaf}' of type {type(leaf)} is not a valid JAX type.")


@contextlib.contextmanager
def values_as_given(numbers: bool = False):
    """Inside, a probe of a call that went through no jit traces the arrays it was given and holds every other
    value as it was (an equinox Module's activation, a Python number), as ``equinox.filter_jit`` does: what the
    user's call took, jaxmagic's own jit takes too. ``numbers``: Python numbers are traced too, as the user's jit
    of a partial traced them (the partial's own objects held)."""
    _held.as_given = "numbers" if numbers else True
    try:
        yield
    finally:
        _held.as_given = False


def _arrays_only(fn: Callable, args: tuple, kwargs: dict, static_argnums: tuple, static_argnames: tuple,
                 held_as: Any = True) -> tuple[Callable, tuple, dict]:
    """``fn`` as a function of the arrays among the leaves of its arguments (static ones aside), the rest held
    (``held_as`` ``"numbers"``: Python numbers are traced too)."""
    names = list(inspect.signature(fn).parameters) if static_argnames else []
    held = {i for i in static_argnums} | {names.index(n) for n in static_argnames if n in names}
    leaves, tree = jax.tree_util.tree_flatten(
        (tuple(None if i in held else a for i, a in enumerate(args)),
         {k: None if k in static_argnames else v for k, v in kwargs.items()}))
    kinds = (jax.Array, np.ndarray, jax.ShapeDtypeStruct, *((int, float, complex) if held_as == "numbers" else ()))
    traced = [i for i, leaf in enumerate(leaves) if isinstance(leaf, kinds)]

    def on_arrays(*arrays: Any) -> Any:
        filled = list(leaves)
        for i, array in zip(traced, arrays):
            filled[i] = array
        given, keywords = jax.tree_util.tree_unflatten(tree, filled)
        given = tuple(args[i] if i in held else a for i, a in enumerate(given))
        return fn(*given, **{k: kwargs[k] if k in static_argnames else v for k, v in keywords.items()})

    return on_arrays, tuple(leaves[i] for i in traced), {}


def _traceable(value: Any) -> bool:
    try:
        return all(isinstance(leaf, (jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct, int, float, complex))
                   for leaf in quiet_leaves(value))
    except Exception:  # noqa: BLE001
        return False


def global_names(code: types.CodeType) -> set[str]:
    """The global names ``code`` reads, with those of the functions and lambdas inside it."""
    return set(code.co_names).union(*(global_names(c) for c in code.co_consts if isinstance(c, types.CodeType)))


# grad's, jvp's and linearize's tracers: JAX says a value is being differentiated only by its tracer's class
DIFFERENTIATION_TRACERS = ("JVPTracer", "LinearizeTracer")


def differentiating(value: object) -> bool:
    """True for a tracer of differentiation (JAX's JVP or linearize tracer)."""
    return type(value).__name__ in DIFFERENTIATION_TRACERS


def abstract_tracers(value: Any) -> Any:
    """``value`` with every tracer replaced by its shape and dtype (the trace that made it has ended): arguments
    given again to a trace of jaxmagic's. A value with no tracer is given as it is: rebuilt, a library's pytree
    may come back as another object (solvax's packed operator is flattened into a function's code and its arrays,
    and made a function again)."""
    def leaf(x: Any) -> Any:
        if isinstance(x, jax.core.Tracer):
            aval = x.aval
            return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=getattr(aval, "weak_type", False))
        return x

    leaves, structure = jax.tree_util.tree_flatten(value)
    return structure.unflatten([leaf(x) for x in leaves]) if any(isinstance(x, jax.core.Tracer) for x in leaves) \
        else value


def refused_only_abstractly(outcome: object) -> str | None:
    """The library whose own code raised ``outcome`` needing a traced value's contents (cvxpylayers reading its
    problem data with NumPy) in a re-trace; None when the user's code or JAX's raised it, or it is no such error."""
    if not isinstance(outcome, Exception) or tracing_kind(outcome) not in (
            "array-conversion", "concretization", "bool-conversion", "integer-conversion", "traced-shape"):
        return None
    files = [f for f in (tb.tb_frame.f_code.co_filename for tb in traceback_entries(outcome.__traceback__))
             if installed_package(f) not in ("jax", "jaxlib")]
    return installed_package(files[-1]) if files and not is_user_file(files[-1]) else None
