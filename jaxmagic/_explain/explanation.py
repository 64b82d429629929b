"""What :func:`jaxmagic.explain` returns: an explanation and its fixes (data; its layout is a view)."""
from __future__ import annotations

import dataclasses
from typing import Any

from .._render.display import Displayed

__all__ = ["Fix", "Operand", "Explanation", "DOCS", "docs_for", "SHAPE_FIX_KINDS", "KIND_WHY"]

# JAX's error documentation, one section per error class.
_ERRORS_PAGE = "https://docs.jax.dev/en/latest/errors.html"
DOCS: dict[str, str] = {
    "bool-conversion": _ERRORS_PAGE + "#jax.errors.TracerBoolConversionError",
    "concretization": _ERRORS_PAGE + "#jax.errors.ConcretizationTypeError",
    "integer-conversion": _ERRORS_PAGE + "#jax.errors.TracerIntegerConversionError",
    "array-conversion": _ERRORS_PAGE + "#jax.errors.TracerArrayConversionError",
    "boolean-index": _ERRORS_PAGE + "#jax.errors.NonConcreteBooleanIndexError",
    "traced-shape": _ERRORS_PAGE + "#jax.errors.ConcretizationTypeError",
    "leaked-tracer": _ERRORS_PAGE + "#jax.errors.UnexpectedTracerError",
    "unhashable-static": "https://docs.jax.dev/en/latest/jit-compilation.html#marking-arguments-as-static",
    "non-array-argument": "https://docs.jax.dev/en/latest/faq.html#how-to-use-jit-with-methods",
    "shape-mismatch": "https://docs.jax.dev/en/latest/key-concepts.html#tracing",
    "symbolic-dimension": "https://docs.jax.dev/en/latest/export/shape_poly.html"
    "#comparison-of-symbolic-dimensions-is-partially-supported",
    "jaxpr-type": "https://docs.jax.dev/en/latest/jaxpr.html",
}

# Fix kinds for shapes that do not fit (beside SPEC's list; ``astype`` is SPEC's own):
# ``transpose``: one operand of a matrix product transposed (``w.T``), the only transposition that fits;
# ``expand-dims``: one new axis on the lower-rank operand (``y[:, None]``), the only one that broadcasts to the
# other operand's shape; ``concatenate-axis``: the one axis along which the arrays can be joined.
SHAPE_FIX_KINDS = ("transpose", "expand-dims", "concatenate-axis", "astype")

# the error classes JAX's error page has a section for
_DOCUMENTED = {
    "ConcretizationTypeError", "TracerBoolConversionError", "TracerIntegerConversionError",
    "TracerArrayConversionError", "NonConcreteBooleanIndexError", "UnexpectedTracerError", "KeyReuseError",
}


def docs_for(kind: str, exc: BaseException) -> str:
    """JAX's page for the error raised when it has its own section there, else the page for ``kind``."""
    name = type(exc).__name__
    if name in _DOCUMENTED and type(exc).__module__.startswith("jax"):
        return f"{_ERRORS_PAGE}#jax.errors.{name}"
    return DOCS.get(kind, "")


@dataclasses.dataclass
class Fix:
    """One way to make the function trace.

    Attributes
    ----------
    kind : str
        The main kind, from SPEC's vocabulary (``jnp.where``, ``lax.cond``,
        ``static``, ...).
    code : str
        The suggested code for the user's line, in their own names.
    summary : str
        One sentence: what the fix does and why it works under jit.
    verified : bool or None
        True when jaxmagic re-traced the function with this fix applied and it
        traced; False when that failed; None when it was not tried.
    kinds : tuple of str
        Every kind the fix combines, ``kind`` first.
    warning : str or None
        A caveat, e.g. that a static argument which changes every call
        compiles every call.
    outcome : str or None
        What happened when the fix was tried (the new error, if any).
    """

    kind: str
    code: str
    summary: str
    verified: bool | None = None
    kinds: tuple[str, ...] = ()
    warning: str | None = None
    outcome: str | None = None
    # How to apply it mechanically (jaxmagic's own; not part of the contract).
    recipe: Any = dataclasses.field(default=None, repr=False, compare=False)
    # A pattern with placeholders (``true_branch``), not code for this very line.
    template: bool = dataclasses.field(default=False, repr=False, compare=False)
    # Why it does not fit here though it is the rule (a library calls the function and uses what it returns).
    unfit: str | None = dataclasses.field(default=None, repr=False, compare=False)
    # The error its try raised, while the explanation is built (dropped once it is: it holds frames).
    failed_with: BaseException | None = dataclasses.field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.kinds:
            self.kinds = (self.kind,)


@dataclasses.dataclass
class Operand:
    """A value that meets others at the failing line, with its shape: one side of a shape mismatch.

    Attributes
    ----------
    expression : str
        The operand as written in the user's code (``x``, ``params['w']``, ``x @ w``), or, for a value
        the line does not spell out (a ``scan`` body's carry), what it is.
    shape : str
        Its abstract value as JAX prints it short (``f32[8,3]``).
    paths : list of str
        The jitted function's parameters (pytree leaves) it depends on.
    """

    expression: str
    shape: str
    paths: list[str] = dataclasses.field(default_factory=list)
    # the dimensions and dtype, and the syntax-tree node (jaxmagic's own; not part of the contract)
    dims: tuple = dataclasses.field(default=(), repr=False, compare=False)
    dtype: Any = dataclasses.field(default=None, repr=False, compare=False)
    node: Any = dataclasses.field(default=None, repr=False, compare=False)


@dataclasses.dataclass
class Explanation(Displayed):
    """A tracing error explained in the user's own terms.

    Attributes
    ----------
    kind : str
        SPEC's tracing-error kind (``bool-conversion``, ``traced-shape``, ...).
    error_type : str
        The original exception's class name.
    exception : BaseException
        The original exception, unchanged.
    argument : str or None
        The parameter the offending value depends on (the first when several),
        None when it depends on no argument or could not be told.
    arguments : list of str
        Every parameter it depends on.
    path : str or None
        The pytree leaf (``params['n']``), or ``argument`` for a plain one.
    lineno, source_line : where in the user's code the error arises; for a
        leaked tracer, where it escaped the trace.
    use_lineno : int or None
        For a leaked tracer, the line of the later use that raised.
    fixes : list of Fix
        Preferred first: array-level logic, then ``jax.lax`` control flow,
        then static arguments.
    message : str
        The whole explanation as a person reads it.
    function : str or None
        The traced function the argument belongs to.
    filename : str or None
        The file (or cell) of ``lineno``.
    location : str or None
        ``lineno`` as a reader names it (``cell line 3``).
    why : str
        One sentence on the mental model behind this error.
    docs : str
        The matching section of JAX's error documentation.
    certain : bool
        False when the argument is a best guess (said in the message).
    operands : list of Operand
        For shapes that do not fit: the values that meet at the line, with their shapes and arguments.
    detail : str
        For shapes that do not fit: what does not fit, in one sentence.
    must_agree : str
        For shapes that do not fit: which dimensions must agree (said when no fix is certain).
    """

    kind: str
    error_type: str
    exception: BaseException
    argument: str | None = None
    arguments: list[str] = dataclasses.field(default_factory=list)
    path: str | None = None
    lineno: int | None = None
    source_line: str | None = None
    use_lineno: int | None = None
    fixes: list[Fix] = dataclasses.field(default_factory=list)
    message: str = ""
    function: str | None = None
    filename: str | None = None
    location: str | None = None
    use_location: str | None = None
    why: str = ""
    docs: str = ""
    certain: bool = True
    paths: list[str] = dataclasses.field(default_factory=list)
    analysis_failed: str | None = None  # set when jaxmagic's own analysis failed: the kind is all it knows
    operands: list[Operand] = dataclasses.field(default_factory=list)
    detail: str = ""
    must_agree: str = ""

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.message)


# One sentence of why, per kind: the mental model behind the error (the shape kinds' are the shape room's).
KIND_WHY = {
    "bool-conversion": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so Python cannot decide a True/False that depends on it.",
    "concretization": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so it cannot become a concrete Python value here.",
    "integer-conversion": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so it cannot be used as a Python int (a range bound, a list index).",
    "array-conversion": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so NumPy, which computes on concrete values, cannot take it.",
    "boolean-index": "Under jit, every shape is fixed when the function is traced; selecting elements with a "
    "mask computed from {arg} gives a result whose length depends on its values, which are not known then.",
    "traced-shape": "Under jit, shapes, sizes and slice bounds must be known when the function is traced, but "
    "{arg} is a tracer that knows only its shape and dtype ({aval}), never its values.",
    "leaked-tracer": "A tracer is a placeholder that exists only while JAX traces the function; {arg} was "
    "stored somewhere that outlives the trace and used afterwards.",
    "unhashable-static": "A static argument becomes part of the key of JAX's compile cache, so it must be "
    "hashable (and compared by value); {arg} is not.",
    "non-array-argument": "jit traces its arguments as arrays (or pytrees of arrays); {arg} is not one, so it "
    "has to be static or turned into a pytree.",
}
