"""One record of a tracing failure, read and added to by each stage of the explanation."""
from __future__ import annotations

import ast
import dataclasses
import functools
import types
from typing import Any

from ..._common.errors import traceback_entries, user_entries
from ..._common.source import Position
from ..._tracking.compiling.jax_frames import find_jax_call
from ..call import Call, CallFacts
from ..explanation import Explanation, docs_for
from ..rebuild import Names

__all__ = ["Failure", "CONVERSIONS", "OWN_ARGUMENTS"]

CONVERSIONS = {"array-conversion", "bool-conversion", "concretization", "integer-conversion"}
# kinds whose argument is one the user passed to the jit itself, named by JAX's message
OWN_ARGUMENTS = {"leaked-tracer", "non-array-argument", "unhashable-static"}


@dataclasses.dataclass(eq=False)
class Failure:
    """The failure as the stages know it.

    Attributes
    ----------
    exc, message : the exception as raised, and its message.
    found : the explanation being built (kind, line, arguments, fixes).
    call, facts : the failing call, when known (for trying fixes), and what is known of it (for words).
    fn : the function as given, when the call is not known.
    wrapper : the jit the user's call went through (``jax.jit``, ``equinox.filter_jit``).
    given : the call as the user made it; ``ran_here``: it just failed in the user's cell.
    user, position, tree, node : the user's traceback entries, the failing position, its file's syntax tree
        and the failing expression (``locate``).
    leak, escaped : a leaked tracer's store and the tracer (``locate``).
    names, globals_ : the module names the user's code uses, and its namespace (``offer``).
    held_frames, jax_call : the traceback's frames, and the innermost jitted call below the user's frames (read
        when first asked).
    """

    exc: BaseException
    message: str
    found: Explanation
    call: Call | None
    facts: CallFacts | None
    fn: Any = None
    wrapper: str = "jax.jit"
    given: tuple[Any, tuple, dict] | None = None
    ran_here: bool = False
    user: list[types.TracebackType] = dataclasses.field(default_factory=list)
    position: Position | None = None
    tree: ast.Module | None = None
    node: ast.AST | None = None
    leak: Any = None
    escaped: Any = None
    names: Names | None = None
    globals_: dict | None = None

    @functools.cached_property
    def held_frames(self) -> list[types.FrameType]:
        """Every frame of the exception's traceback, JAX's included (kept alive while the record is)."""
        return [tb.tb_frame for tb in traceback_entries(self.exc.__traceback__)]

    @functools.cached_property
    def jax_call(self) -> Any:
        """The innermost jitted call JAX was making below the user's deepest frame of the exception, read once (the
        function it jits, and what differentiated it); None without one."""
        user = user_entries(self.exc.__traceback__)
        return find_jax_call(user[-1].tb_frame, self.held_frames) if user else None

    @property
    def kind(self) -> str:
        return self.found.kind

    def becomes(self, kind: str) -> None:
        """The failure is of another kind than its exception's class says (a leak met by NumPy, a count)."""
        self.found.kind = kind
        self.found.docs = docs_for(kind, self.exc)
