"""Rewrite a ``%%jittrace`` cell so that every function it jits is tracked.

Two rewrites, both keeping every line number:

* each reference named ``jit`` evaluated while the cell runs (``jax.jit``,
  ``jit`` from ``from jax import jit``, in decorators, calls and
  ``partial(jax.jit, ...)``) is passed through ``__jaxmagic_jit__``, which
  swaps ``jax.jit`` itself for a tracked jit and leaves any other object
  alone (the hooks are in :mod:`.trace_cell`).  Function bodies are not rewritten: they run
  after the cell, when the hook is gone;
* each top-level ``def`` gets an outermost decorator ``__jaxmagic_finish__``
  that jits the function with the magic's static options unless one of its
  own decorators already did. Defs the cell uses as decorators, and
  factories that return a function they define, are tools, not functions to
  trace, and are left alone.
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import io
import tokenize
from collections.abc import Callable, Sequence


__all__ = [
    "CellPlan",
    "FunctionSpec",
    "StaticOptionError",
    "plan_cell",
    "assign_static",
    "parse_names",
    "parse_nums",
    "JIT_HOOK",
    "FINISH_HOOK",
]

JIT_HOOK = "__jaxmagic_jit__"
FINISH_HOOK = "__jaxmagic_finish__"


class StaticOptionError(ValueError):
    """A ``--static-argnames``/``--static-argnums`` value that fits no function of the cell."""


@dataclasses.dataclass
class FunctionSpec:
    """A top-level ``def`` of the cell, as far as its static options are concerned."""

    name: str
    lineno: int
    positional: list[str]
    keyword_only: list[str]
    has_varargs: bool
    jitted_by_user: bool  # one of its decorators mentions ``jit``

    @classmethod
    def of(cls, name: str, fn: Callable) -> FunctionSpec:
        """The spec of a live function, from its signature (raises if it has none)."""
        params = list(inspect.signature(fn).parameters.values())
        return cls(
            name=name,
            lineno=0,
            positional=[p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)],
            keyword_only=[p.name for p in params if p.kind == p.KEYWORD_ONLY],
            has_varargs=any(p.kind == p.VAR_POSITIONAL for p in params),
            jitted_by_user=False,
        )

    def describe(self) -> str:
        params = list(self.positional) + (["*args"] if self.has_varargs else []) + self.keyword_only
        return f"{self.name}({', '.join(params)})"


@dataclasses.dataclass
class CellPlan:
    """A parsed, rewritten cell ready to run."""

    body: ast.Module
    trailing: ast.Expression | None
    silenced: bool  # trailing expression ends with ';'
    functions: list[FunctionSpec]
    mentions_jit: bool
    loaded_names: set[str]
    assigned_names: list[str] = dataclasses.field(default_factory=list)  # ``name = ...`` at top level
    async_functions: list[str] = dataclasses.field(default_factory=list)  # never jitted
    factories: list[str] = dataclasses.field(default_factory=list)  # return a function: not jitted


def plan_cell(source: str, line_offset: int = 0, filename: str = "<cell>") -> CellPlan:
    """Parse and rewrite ``source``; raises ``SyntaxError`` as Python would."""
    tree = ast.parse("\n" * line_offset + source, filename=filename)  # errors carry the cell's line numbers
    decorators = _decorator_names(tree)  # a def the cell uses as a decorator is a tool, not a function to trace
    defs = [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name not in decorators and not _returns_function(node)
    ]
    functions = [_spec(node) for node in defs]
    rewriter = _JitReferences()
    tree = rewriter.visit(tree)
    for node in defs:
        finish = ast.Call(ast.Name(FINISH_HOOK, ast.Load()), [ast.Constant(node.name)], [])
        node.decorator_list.insert(0, ast.copy_location(finish, node))
    trailing = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body.pop()
        trailing = ast.Expression(last.value)
    ast.fix_missing_locations(tree)
    if trailing is not None:
        ast.fix_missing_locations(trailing)
    loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    if trailing is not None:
        loaded |= {n.id for n in ast.walk(trailing) if isinstance(n, ast.Name)}
    assigned = [
        node.targets[0].id
        for node in tree.body
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    ]
    async_defs = [node.name for node in tree.body if isinstance(node, ast.AsyncFunctionDef)]
    factories = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and _returns_function(n)]
    return CellPlan(
        tree, trailing, _ends_with_semicolon(source), functions, rewriter.found, loaded, assigned, async_defs,
        factories,
    )


def _returns_function(node: ast.FunctionDef) -> bool:
    """A factory: it returns a function it defines (``return inner``, ``return lambda ...``).

    jit can only return arrays, so a factory is a tool that builds the
    function to trace, not one to trace itself.
    """
    inner = {n.name for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is not node}
    for sub in ast.walk(node):
        if isinstance(sub, ast.Return) and sub.value is not None:
            values = sub.value.elts if isinstance(sub.value, (ast.Tuple, ast.List)) else [sub.value]
            for value in values:
                if isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in inner):
                    return True
    return False


def _decorator_names(tree: ast.Module) -> set[str]:
    """Names used as decorators (``@name`` or ``@name(...)``) anywhere in the cell."""
    names = set()
    for node in ast.walk(tree):
        for deco in getattr(node, "decorator_list", ()):
            target = deco.func if isinstance(deco, ast.Call) else deco
            if isinstance(target, ast.Name):
                names.add(target.id)
    return names


class _JitReferences(ast.NodeTransformer):
    def __init__(self) -> None:
        self.found = False

    def _hook(self, node: ast.expr) -> ast.expr:
        self.found = True
        return ast.copy_location(ast.Call(ast.Name(JIT_HOOK, ast.Load()), [node], []), node)

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id == "jit" and isinstance(node.ctx, ast.Load):
            return self._hook(node)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        self.generic_visit(node)
        if node.attr == "jit" and isinstance(node.ctx, ast.Load):
            return self._hook(node)
        return node

    # Only what runs while the cell runs: decorators and defaults, not bodies.
    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args = self.visit(node.args)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        node.args = self.visit(node.args)
        return node


def _spec(node: ast.FunctionDef) -> FunctionSpec:
    a = node.args
    mentions = any(
        (isinstance(n, ast.Name) and n.id == "jit") or (isinstance(n, ast.Attribute) and n.attr == "jit")
        for d in node.decorator_list
        for n in ast.walk(d)
    )
    return FunctionSpec(
        name=node.name,
        lineno=node.lineno,
        positional=[p.arg for p in a.posonlyargs + a.args],
        keyword_only=[p.arg for p in a.kwonlyargs],
        has_varargs=a.vararg is not None,
        jitted_by_user=mentions,
    )


def _ends_with_semicolon(source: str) -> bool:
    try:
        tokens = [
            t
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT)
        ]
    except (tokenize.TokenError, SyntaxError):
        return False
    return bool(tokens) and tokens[-1].type == tokenize.OP and tokens[-1].string == ";"


# --- static options ------------------------------------------------------------


def parse_names(text: str | None) -> tuple[str, ...]:
    """``"a, b"`` → ``("a", "b")``; raises StaticOptionError for anything but identifiers."""
    if not text:
        return ()
    names = tuple(part.strip() for part in text.split(","))
    if not all(names):
        raise StaticOptionError(f"--static-argnames {text!r}: an empty name; write names separated by commas, e.g. n,k")
    for name in names:
        if not name.isidentifier():
            raise StaticOptionError(f"--static-argnames: {name!r} is not a parameter name")
    return names


def parse_nums(text: str | None) -> tuple[int, ...]:
    """``"0,1"`` → ``(0, 1)``; raises StaticOptionError for anything but integers."""
    if not text:
        return ()
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise StaticOptionError(
                f"--static-argnums {text!r}: an empty position; write positions separated by commas, e.g. 0,2"
            )
        try:
            out.append(int(part))
        except ValueError:
            raise StaticOptionError(f"--static-argnums: {part!r} is not an integer position") from None
    return tuple(out)


def assign_static(
    functions: Sequence[FunctionSpec], names: Sequence[str], nums: Sequence[int]
) -> dict[str, tuple[tuple[int, ...], tuple[str, ...]]]:
    """Which static options apply to which function that the magic jits.

    A name applies to every such function with that parameter, a position to
    every one with that many positional parameters.  An option that fits none
    raises :class:`StaticOptionError` naming the functions there are.
    """
    ours = [f for f in functions if not f.jitted_by_user]
    theirs = [f for f in functions if f.jitted_by_user]
    result: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {f.name: ((), ()) for f in ours}
    listing = ", ".join(f.describe() for f in ours) or "none"
    for name in names:
        fits = [f for f in ours if name in f.positional or name in f.keyword_only]
        if not fits:
            hint = [f.name for f in theirs if name in f.positional or name in f.keyword_only]
            extra = (
                f"; {', '.join(hint)} already {'has' if len(hint) == 1 else 'have'} its own jax.jit, "
                "so set static_argnames there"
                if hint
                else ""
            )
            raise StaticOptionError(
                f"--static-argnames {name}: no function that %%jittrace jits has a parameter "
                f"named {name!r} (functions: {listing}){extra}"
            )
        for f in fits:
            n, s = result[f.name]
            result[f.name] = (n, s + (name,))
    for num in nums:
        fits = [f for f in ours if f.has_varargs or -len(f.positional) <= num < len(f.positional)]
        if not fits:
            raise StaticOptionError(
                f"--static-argnums {num}: out of range for every function that %%jittrace jits "
                f"(functions: {listing})"
            )
        for f in fits:
            n, s = result[f.name]
            result[f.name] = (n + (num,), s)
    return result
