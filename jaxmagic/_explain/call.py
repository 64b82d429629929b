"""What is known of the failing call: the function, its arguments, which of them are static.

:class:`Call` is what can be re-traced (the plain function, the arguments,
the static settings); :class:`CallFacts` is what the fixes are worded from
(the parameter names, the values passed, which are static). Both are read
from whatever the caller knows: a ``jax.jit`` object, one of jaxmagic's
tracked jits, a bound method, or only the exception.
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import re
import textwrap
import types
from pathlib import Path
from typing import Any

import jax
import numpy as np

from .._common.frames import quiet_leaves
from .._common.lambdas import bound_name
from .._common.files import shown_lines
from .._common.source import function_node, innermost_function, unwrap_function
from .._tracking.signature import static_tuple
from .._tracking.tracked import tracked_of
from .._common.errors import is_installed_library
from .._common.through import has_transformations, unchecked

__all__ = [
    "Call",
    "CallFacts",
    "root_of",
    "call_of",
    "binds",
    "facts_of",
    "is_concrete",
    "named_varargs",
    "data_dependent",
    "known_call",
    "traceable",
    "plain_function",
    "untraceable",
]


@dataclasses.dataclass
class CallFacts:
    """The call that failed, as far as it is known.

    Attributes
    ----------
    name : str
        The jitted function's name as the user calls it.
    params : list of str
        Its parameter names.
    values : dict
        Parameter → value as passed (``jax.ShapeDtypeStruct`` when only the
        abstract value is known).
    static : set of str
        Parameters marked static.
    decorated : bool
        True when the function is jitted by a decorator in its source.
    """

    name: str
    params: list[str]
    values: dict[str, Any]
    static: set[str]
    decorated: bool = False
    by_cell: bool = False  # jitted by %%jittrace itself: static arguments are its --static-argnames
    header: str = ""  # the ``def`` line(s) as written, for a fix that replaces the decorator above them
    var_keyword: str | None = None  # the ``**kwargs`` parameter: its keys are static by name (static_argnames)
    # with transformations between the call and the function (``jax.jit(jax.vmap(f))``): the user's own
    # expression for the transformed function, and the name it is bound to (static options go there)
    transformed: tuple[str | None, str] | None = None
    source: tuple[Any, str] | None = None  # (the ``def`` node, its file), when its source is read
    # a library's wrapper that hands its ``*args`` on to the user's function (sparsejac's ``jacfwd_fn``): that
    # function's positional parameters, which the wrapper's static options name by position
    forwarded: list[str] | None = None

    @property
    def def_line(self) -> str:
        """The ``def`` line(s) as written, else one written from the parameters (for fix code that parses)."""
        return self.header or f"def {self.name}({', '.join(self.params)}):"
    wrapper: str = "jax.jit"  # the jit the user wrote: equinox.filter_jit and flax.nnx.jit word fixes their way
    positional_only: tuple[str, ...] = ()  # parameters JAX makes static only by position (``static_argnums``)
    jitted_as: tuple[str, str] | None = None  # ``fast = jax.jit(scale)``, the user's: static options go there


class Call:
    """The failing call: the plain function, its arguments and static settings."""

    def __init__(self, fn: Any, args: tuple, kwargs: dict, static_argnums: tuple, static_argnames: tuple) -> None:
        self.fn = unwrap_function(fn)
        self.args = tuple(args)
        self.kwargs = dict(kwargs)
        self.static_argnums = tuple(static_argnums)
        self.static_argnames = tuple(static_argnames)
        self.wrapper = "jax.jit"  # or the library wrapper the call went through; fixes are verified through it
        # (outer, plain) when JAX transformations stand between the callable and the user's function
        self.through: tuple[Any, Any] | None = None
        self.unjitted = False  # the callable is no jit (``eqx.filter_value_and_grad(loss)``): it took any object
        self.folded = False  # a jitted partial's bound values are among the arguments: tries hold them as given

    def by_name(self) -> dict[str, Any]:
        """Each argument by its parameter's name (empty where the call does not bind to the function)."""
        try:
            return dict(inspect.signature(self.fn).bind(*self.args, **self.kwargs).arguments)
        except (TypeError, ValueError):
            return {}

    def with_values(self, replace: dict[str, Any]) -> tuple[tuple, dict]:
        """The arguments with some parameters given new values."""
        if not replace:
            return self.args, self.kwargs
        signature = inspect.signature(self.fn)
        bound = signature.bind(*self.args, **self.kwargs)
        params = list(signature.parameters)
        if all(n in self.kwargs or params.index(n) < len(self.args) for n in replace if n in params) and not any(
                p.kind is p.VAR_POSITIONAL for p in signature.parameters.values()):
            # each given where the call gave it, by position or by keyword (a jit of ``*args`` names no position)
            args = [replace.get(params[i], a) if params[i] not in self.kwargs else a for i, a in enumerate(self.args)]
            return tuple(args), {k: replace.get(k, v) for k, v in self.kwargs.items()}
        for name, value in replace.items():
            bound.arguments[name] = value
        return bound.args, bound.kwargs


def root_of(path: str) -> str:
    """The parameter a pytree path starts with: ``params['w']`` → ``params``."""
    match = re.match(r"[^\W\d]\w*", path)
    return match.group(0) if match else path


def call_of(fn: Any, args: tuple, kwargs: dict, static_argnums: Any, static_argnames: Any) -> Call | None:
    """The call as it can be re-traced: the plain function inside ``fn``, with every static parameter named.

    ``fn`` may be the plain function, a ``jax.jit`` object (its own static
    settings are read), a tracked jit, or a jitted bound method (the object
    becomes the first, static, argument). None when no plain function is inside.
    """
    fn = unchecked(fn)  # chex.chexify(jax.jit(f)): the jit inside is the call (its checks run there too)
    tracked = tracked_of(fn)
    if tracked is not None:  # one of jaxmagic's own jits: the user's function is inside
        fn = tracked.fn
        static_argnums = static_argnums if static_argnums is not None else tracked.static_argnums
        static_argnames = static_argnames if static_argnames is not None else tracked.static_argnames
    plain = unwrap_function(fn)
    if plain is None:
        return None
    info = getattr(fn, "_jit_info", None) or _wrapped_jit_info(fn)
    nums = static_tuple(static_argnums) or tuple(getattr(info, "static_argnums", ()) or ())
    names = static_tuple(static_argnames) or tuple(getattr(info, "static_argnames", ()) or ())
    bound = getattr(fn, "_fun", fn)
    folded = isinstance(bound, functools.partial) and info is not None and bool(bound.args or bound.keywords)
    if folded:  # jax.jit(partial(rollout, env=env)): what the partial binds is given again, as it was, each try
        args, kwargs = (*bound.args, *args), {**bound.keywords, **kwargs}
        nums = tuple(i + len(bound.args) for i in nums)
    if isinstance(bound, types.MethodType) or (hasattr(bound, "__func__") and not isinstance(
            getattr(bound, "__self__", type), type)):  # (equinox's bound method is a Module of its own)
        # jax.jit(obj.method): the plain function takes the object first, as a static argument
        args = (bound.__self__, *args)
        nums = tuple(i + 1 for i in nums)
    try:
        params = list(inspect.signature(plain).parameters)
    except (TypeError, ValueError):
        params = []
    if isinstance(bound, types.MethodType) and params:
        names = (params[0], *names)
    names = tuple(dict.fromkeys([*names, *(params[i] for i in nums if 0 <= i < len(params))]))
    made = Call(fn, args, kwargs, nums, names)
    made.unjitted = tracked is None and info is None and not hasattr(fn, "lower")
    made.folded = folded
    user = innermost_function(fn)
    if (user is not None and user is not plain and (_is_jax(plain) or _is_library(plain)) and not _is_jax(user)
            and not folded and _rebuildable(fn, user)):  # (a partial's values go to the function it binds)
        # jax.vmap(f), jax.jit(jax.jacrev(f)), chex.chexify(jax.jit(f)): the fix is made to f and verified
        # through the same stack
        made.fn, made.through = user, (fn, user)
    return made


def _rebuildable(fn: Any, user: Any) -> bool:
    """True when the stack of transformations around ``user`` can be rebuilt around a copy of it.

    A stack holding an object that cannot be copied (a ``custom_vjp`` function under ``jax.grad``) cannot.
    """
    try:
        return has_transformations(fn, user)
    except Exception:  # noqa: BLE001 - an odd object in the stack: verify nothing through it
        return False


def _wrapped_jit_info(fn: Any) -> Any:
    """The static settings of the jit a library's wrapper holds (``chex.chexify(jax.jit(f))``), if any."""
    for _ in range(8):
        fn = getattr(fn, "__wrapped__", None)
        if fn is None:
            return None
        info = getattr(fn, "_jit_info", None)
        if info is not None:
            return info
    return None


def _is_library(fn: Any) -> bool:
    """True for a wrapper function an installed library defined (``chex.chexify``'s), not the user's."""
    filename = getattr(getattr(fn, "__code__", None), "co_filename", "")
    return bool(filename) and is_installed_library(filename)


def _is_jax(fn: Any) -> bool:
    """True for a function defined inside JAX itself (a transformation's wrapper)."""
    return getattr(getattr(fn, "__code__", None), "co_filename", "").startswith(_JAX_DIR)


_JAX_DIR = str(Path(jax.__file__).parent)


def binds(call: Call) -> bool:
    """True when the arguments fit the function's signature (and static positions exist)."""
    if call.fn is None:
        return False
    try:
        signature = inspect.signature(call.fn)
        signature.bind(*call.args, **call.kwargs)
    except (TypeError, ValueError):
        return False
    count = len(signature.parameters)
    return all(0 <= i < count for i in call.static_argnums)


def facts_of(fn: Any, call: Call) -> CallFacts | None:
    """What the fixes are worded from: the name the user calls ``fn`` by, its parameters, the values bound."""
    plain = call.fn
    if plain is None:
        return None
    try:
        signature = inspect.signature(plain)
        bound = signature.bind_partial(*call.args, **call.kwargs)
        values = dict(bound.arguments)
    except (TypeError, ValueError):
        signature, values = None, {}
    params = list(signature.parameters) if signature is not None else []
    static = set(call.static_argnames) | {params[i] for i in call.static_argnums if 0 <= i < len(params)}
    node = function_node(plain)
    decorated = bool(node and any("jit" in ast.unparse(d) for d in getattr(node[0], "decorator_list", [])))
    tracked = tracked_of(fn)
    name = getattr(plain, "__name__", "f")
    if not name.isidentifier():  # a lambda: the name it is bound to, when jaxmagic knows it
        name = tracked.name if tracked is not None and tracked.name.isidentifier() else bound_name(plain) or "f"
    header = _header(*node) if node is not None and decorated else ""
    var_keyword = next((p.name for p in signature.parameters.values() if p.kind is p.VAR_KEYWORD), None) \
        if signature is not None else None
    only = tuple(p.name for p in signature.parameters.values() if p.kind is p.POSITIONAL_ONLY) \
        if signature is not None else ()
    if call.through is not None and _takes_only_varargs(unwrap_function(call.through[0])):
        # jax.jit(checkify.checkify(f)): the jitted wrapper takes ``*args``, so JAX makes a parameter the user
        # passed by position static only by its position
        only = (*only, *(p for p in params[:len(call.args)] if p not in only))
    return CallFacts(name, params, values, static, decorated, by_cell=tracked is not None and tracked.by_cell,
                     header=header, var_keyword=var_keyword, source=node, positional_only=only)


def _takes_only_varargs(fn: Any) -> bool:
    """True for a function whose only parameters are ``*args`` and ``**kwargs`` (a transformation's wrapper)."""
    try:
        kinds = {p.kind for p in inspect.signature(fn).parameters.values()}
    except (TypeError, ValueError):
        return False
    return inspect.Parameter.VAR_POSITIONAL in kinds and kinds <= {inspect.Parameter.VAR_POSITIONAL,
                                                                   inspect.Parameter.VAR_KEYWORD}


def _header(node: ast.AST, filename: str) -> str:
    """The lines from ``def`` to the colon before the body, dedented."""
    body = getattr(node, "body", None)
    if not body:
        return ""
    lines = shown_lines(filename)[node.lineno - 1: body[0].lineno - 1]  # empty when the body shares the line
    header = textwrap.dedent("".join(lines)).rstrip()
    try:
        ast.parse(header + "\n    ...")
    except SyntaxError:
        return ""  # a signature that ends on the body's line: the caller writes one from the parameters
    return header


def is_concrete(call: Call) -> bool:
    """True when the arguments are real values, not only abstract ones."""
    leaves = quiet_leaves((call.args, call.kwargs))
    return not any(isinstance(leaf, jax.ShapeDtypeStruct) for leaf in leaves)


def named_varargs(paths: list[str], facts: CallFacts | None) -> list[str]:
    """``args[1]`` → ``y``: a wrapper's ``*args`` (``jax.grad(f)``) named by the function it wraps;
    ``n`` → ``kwargs['n']``: a keyword the user passed into ``**kwargs``, named as the function reads it."""
    if facts is None:
        return paths
    out = []
    library = facts.source is not None and is_installed_library(facts.source[1])  # its ``**kwargs`` not the user's
    passed = facts.values.get(facts.var_keyword) if facts.var_keyword and not library else None
    for path in paths:
        root = root_of(path)
        if isinstance(passed, dict) and root not in facts.params and root in passed:
            path = f"{facts.var_keyword}[{root!r}]" + path[len(root):]
        match = re.fullmatch(r"args\[(\d+)\](.*)", path)
        if match and "args" not in facts.params and int(match.group(1)) < len(facts.params):
            path = facts.params[int(match.group(1))] + match.group(2)
        out.append(path)
    return out


def data_dependent(paths: list[str], facts: CallFacts | None) -> bool:
    """True when the failing value is computed from the data of an array argument.

    A weakly typed scalar leaf was a Python number at the call: static can
    help there. Any other array leaf on the value's paths is data.
    """
    if facts is None:
        return False
    for path in paths:
        value = facts.values.get(root_of(path))
        if value is None:
            continue
        for leaf_path, leaf in jax.tree_util.tree_flatten_with_path(value)[0]:
            if root_of(path) + jax.tree_util.keystr(leaf_path) != path and path != root_of(path):
                continue
            if isinstance(leaf, jax.ShapeDtypeStruct):
                if leaf.shape or not getattr(leaf, "weak_type", False):
                    return True
            elif isinstance(leaf, (jax.Array, np.ndarray, np.generic)):
                return True
    return False


def known_call(
    fn: Any, args: tuple, kwargs: dict, static_argnums: Any, static_argnames: Any, known: bool = True
) -> tuple[Call | None, CallFacts | None]:
    """The failing call as far as it can be re-traced, and the facts the fixes are worded from.

    The call is None when nothing can be re-traced: no function, or arguments
    that are unknown (``known`` false) or do not fit the function; the facts
    then still name the function and its parameters.
    """
    call = call_of(fn, args, kwargs, static_argnums, static_argnames) if fn is not None else None
    if call is not None and known and not binds(call):
        known = False  # explain(exc, fn) without the call's arguments, or ones that do not fit it
        call = call_of(fn, (), {}, static_argnums, static_argnames)
    facts = facts_of(fn, call) if call is not None else None
    return (call if known else None), facts


def plain_function(fn: Any) -> Any:
    """The user's plain function inside ``fn`` (a jit, a tracked jit, a method), or None."""
    call = call_of(fn, (), {}, None, None) if fn is not None else None
    return call.fn if call is not None else None


def traceable(value: Any) -> bool:
    """True when every leaf of ``value`` is one JAX can trace: an array or a Python number."""
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten cannot be traced
        return False
    return all(isinstance(v, (jax.Array, np.ndarray, np.generic, int, float, complex)) for v in leaves)


def untraceable(facts: CallFacts, but: str) -> tuple[str, ...]:
    """The call's other parameters whose values JAX cannot trace either (an ``Axis`` beside an ``Axis``) and that
    could be static (hashable): named together with ``but``, so one fix makes all of them static."""
    def hashable(value: Any) -> bool:
        try:
            return hash(value) is not None
        except Exception:  # noqa: BLE001
            return False

    return tuple(p for p in facts.params if p != but and p in facts.values and p not in facts.static
                 and not traceable(facts.values[p]) and hashable(facts.values[p]))
