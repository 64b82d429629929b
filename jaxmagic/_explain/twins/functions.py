"""A call of Python's ``math`` module or of SciPy on a traced value, rewritten to JAX's function of the same name.

``math.factorial(k)`` asks for a Python int, ``math.sqrt(x)`` for a Python
float: a tracer is neither. ``jax.numpy`` and ``jax.scipy.special`` compute the
same on arrays, traced or not; where they name it otherwise, the table says.
SciPy's functions convert their inputs with NumPy; ``jax.scipy`` mirrors the
public names of several of its modules (``scipy.linalg.block_diag`` →
``jax.scipy.linalg.block_diag``).
"""
from __future__ import annotations

import ast
import importlib
import math
import sys
import types
from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy.special as special

from ..._common.source import clone
from ..explanation import Fix
from ..fixes.rewrites import attr
from ..fixes.site import Site, dotted_of, edit_fix
from ..values.callee import resolved

__all__ = ["foreign_twin_fix", "math_twin_fix", "scipy_twin_fix"]

# math's names that jax.numpy spells otherwise, or that live in jax.scipy.special
_RENAMED = {"fabs": "jnp.abs", "pow": "jnp.power", "lgamma": "jax.scipy.special.gammaln",
            "gamma": "jax.scipy.special.gamma", "erf": "jax.scipy.special.erf", "erfc": "jax.scipy.special.erfc",
            "factorial": "jax.scipy.special.factorial", "comb": "jax.scipy.special.comb", "fsum": "jnp.sum",
            "isclose": "jnp.isclose", "atan2": "jnp.arctan2", "asin": "jnp.arcsin", "acos": "jnp.arccos",
            "atan": "jnp.arctan", "asinh": "jnp.arcsinh", "acosh": "jnp.arccosh", "atanh": "jnp.arctanh"}


def math_twin_fix(site: Site, node: ast.AST) -> Fix | None:
    """``jax.scipy.special.factorial(k)`` for ``math.factorial(k)``; None when ``node`` calls no ``math``
    function, or JAX has no twin of it. The ``math`` calls around it in the same expression take its traced
    result next (``math.exp(-math.cos(q))``): they are rewritten with it."""
    if not isinstance(node, ast.Call):
        return None
    globals_ = site.globals_ or {}
    name = _math_function(node, globals_)
    twin = _twin(name) if name is not None else None
    if twin is None:
        return scipy_twin_fix(site, node)
    outer = node
    for around in site.ancestors(node):
        if isinstance(around, ast.stmt):
            break
        if isinstance(around, ast.Call) and _twin(_math_function(around, globals_) or "") is not None:
            outer = around
    class _Twins(ast.NodeTransformer):
        def visit_Call(self, call: ast.Call) -> ast.AST:
            self.generic_visit(call)
            found = _twin(_math_function(call, globals_) or "")
            if found is None:
                return call
            return ast.Call(attr(_spelled(found, site)), call.args, call.keywords)

    new = _Twins().visit(clone(outer))
    return edit_fix(  # a host library's function, as NumPy's is: jnp's twin (Python's builtins said beside it)
        "jnp-not-np", outer, new,
        f"Python's `math.{name}` needs a concrete number, and a tracer is not one; `{twin}` computes the same "
        "on arrays, traced or not" + (" (and so for the `math` calls that take its result)" if outer is not node
                                       else ""), extra=("jnp-not-builtin",),
    )


def _spelled(twin: str, site: Site) -> str:
    """``jnp.cos`` or ``jax.nn.softmax`` as the user's file names JAX's modules (``np_j.cos`` after ``import
    jax.numpy as np_j``)."""
    return twin.replace("jnp.", f"{site.names.jnp}.", 1) if twin.startswith("jnp.") else \
        twin.replace("jax.", f"{site.names.jax}.", 1)


def _math_function(node: ast.Call, globals_: dict[str, Any]) -> str | None:
    """``factorial`` for ``math.factorial(...)`` or a ``factorial`` imported from ``math``."""
    dotted = dotted_of(node.func) or ""
    head, _, last = dotted.rpartition(".")
    if head and globals_.get(head) is math:
        return last
    if not head and getattr(globals_.get(last), "__module__", None) == "math":
        return last
    return None


def _twin(name: str) -> str | None:
    if name in _RENAMED:
        return _RENAMED[name]
    if hasattr(jnp, name) and callable(getattr(jnp, name)):
        return f"jnp.{name}"
    return f"jax.scipy.special.{name}" if hasattr(special, name) else None


# SciPy's modules that ``jax.scipy`` mirrors, public names only
_SCIPY_MODULES = ("linalg", "special", "stats", "signal", "fft", "ndimage", "integrate", "interpolate", "spatial",
                  "cluster", "optimize")


def scipy_twin_fix(site: Site, node: ast.Call) -> Fix | None:
    """``jax.scipy.linalg.block_diag(...)`` for ``scipy.linalg.block_diag(...)`` (however it was imported), and
    ``jax.scipy.stats.norm.logpdf(...)`` for ``scipy.stats.norm.logpdf(...)`` (a method of SciPy's
    distribution object, named by its path), where ``jax.scipy`` has the function of that name."""
    path = _public_path(node, site.globals_ or {}) or _module_path(node.func, site.globals_ or {})
    if path is None:
        return foreign_twin_fix(site, node)
    module, _, name = path.partition(".")
    try:
        mirrored: Any = importlib.import_module(f"jax.scipy.{module}")
    except ImportError:
        return None
    for part in name.split("."):
        mirrored = getattr(mirrored, part, None)
    if not callable(mirrored):
        return None
    twin = f"{site.names.jax}.scipy.{path}"
    outer, calls = _same_calls(site, node)  # ``expit(z) + expit(-z)``: every call of it on the line, each traced
    if len(calls) > 1:
        new: ast.expr = clone(outer)
        spelled = ast.dump(node.func)
        for found in ast.walk(new):
            if isinstance(found, ast.Call) and ast.dump(found.func) == spelled:
                found.func = attr(twin)
        target: ast.AST = outer
    else:
        new, target = ast.Call(attr(twin), clone(node.args), clone(node.keywords)), node
    return edit_fix(
        "jnp-not-np", target, new,
        f"SciPy's `{path}` converts its inputs with NumPy, which needs concrete values; `jax.scipy.{path}` "
        "computes the same on traced arrays" + (" (each of its calls on the line)" if len(calls) > 1 else ""),
    )


def _same_calls(site: Site, node: ast.Call) -> tuple[ast.AST, list[ast.Call]]:
    """The largest expression holding ``node``, and its calls of the same function as ``node``."""
    outer = site.expression_of(node)
    spelled = ast.dump(node.func)
    return outer, [c for c in ast.walk(outer) if isinstance(c, ast.Call) and ast.dump(c.func) == spelled]


def _public_path(node: ast.Call, globals_: dict) -> str | None:
    """``linalg.block_diag`` for a SciPy function called by any name, found among its modules' public names."""
    callee = resolved(dotted_of(node.func), globals_)
    name = getattr(callee, "__name__", None)  # a ufunc (``gammaln``) names no module of SciPy's: found by identity
    for module in _SCIPY_MODULES:
        public = sys.modules.get(f"scipy.{module}")
        if name is not None and public is not None and getattr(public, name, None) is callee:
            return f"{module}.{name}"
    return None


def _module_path(func: ast.expr, globals_: dict) -> str | None:
    """``stats.norm.logpdf`` for ``scipy.stats.norm.logpdf``, ``st.norm.logpdf`` (``import scipy.stats as st``) or
    ``norm.logpdf`` (``from scipy.stats import norm``): the path under a SciPy module the call is spelled through."""
    head, *rest = (dotted_of(func) or "").split(".")
    value = globals_.get(head) if head else None
    parts = value.__name__.split(".") if isinstance(value, types.ModuleType) else []
    if not parts and rest and value is not None and (type(value).__module__ or "").startswith("scipy."):
        owner = next((m for m in _SCIPY_MODULES if any(v is value for k, v in vars(sys.modules.get(
            f"scipy.{m}", types)).items() if k == getattr(value, "name", k))), None)  # SciPy's distribution object
        parts = ["scipy", owner, getattr(value, "name", "")] if owner else []
    path = [*parts[1:], *rest]
    return ".".join(path) if parts[:1] == ["scipy"] and len(path) > 1 and path[0] in _SCIPY_MODULES else None


# TensorFlow's and PyTorch's names that JAX spells otherwise, and their keywords that JAX names otherwise
_FOREIGN_RENAMED = {"reduce_sum": "sum", "reduce_mean": "mean", "reduce_max": "max", "reduce_min": "min",
                    "reduce_prod": "prod", "reduce_logsumexp": "logsumexp", "concat": "concatenate",
                    "cat": "concatenate"}
_FOREIGN_KEYWORDS = {"dim": "axis", "keepdim": "keepdims"}
_FOREIGN = {"tensorflow": "TensorFlow", "torch": "PyTorch"}


def foreign_twin_fix(site: Site, node: ast.Call) -> Fix | None:
    """``jax.nn.softmax(logits, axis=-1)`` for ``tf.nn.softmax(logits, axis=-1)`` (and PyTorch's ``torch.``
    functions): another array library's function converts a tracer to its own tensor, which needs values; JAX's
    function of the same name computes it on traced arrays. None when the call is no such library's or JAX has
    no function of that name."""
    head, *rest = (dotted_of(node.func) or "").split(".")
    module = (site.globals_ or {}).get(head) if rest else None
    library = _FOREIGN.get(getattr(module, "__name__", "").split(".")[0]) if isinstance(module, types.ModuleType) \
        else None
    if library is None:
        return None
    name = _FOREIGN_RENAMED.get(rest[-1], rest[-1])
    places = (("jax.nn", jax.nn), ("jnp", jnp), ("jax.scipy.special", special)) if rest[0] == "nn" else \
        (("jnp", jnp), ("jax.nn", jax.nn), ("jax.scipy.special", special))
    twin = next((f"{where}.{name}" for where, space in places if callable(getattr(space, name, None))), None)
    if twin is None:
        return None
    keywords = [ast.keyword(_FOREIGN_KEYWORDS.get(k.arg, k.arg), clone(k.value)) for k in node.keywords]
    new = ast.Call(attr(_spelled(twin, site)), clone(node.args), keywords)
    return edit_fix(
        "jnp-not-np", node, new,
        f"{library}'s `{'.'.join([head, *rest])}` converts its input to a tensor of its own, which needs concrete "
        f"values, and a tracer has none; `{twin}` computes the same on traced arrays",
    )
