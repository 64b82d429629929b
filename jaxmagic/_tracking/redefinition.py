"""Which statistics row a newly tracked function continues, and how its place is named.

A function jitted again under the same name — a cell run again, a lambda or
``functools.partial`` jitted inside a loop, ``jax.jit`` of the same source —
continues the row (and history) of the one it replaces, and its next compile
says ``function-redefined``. A *different* live function that merely shares
the name gets a row of its own, ``name@<where it is defined>``.
"""
from __future__ import annotations

import re
import threading
import weakref
from collections.abc import Callable
from typing import Any, Protocol

from .._common.errors import short_path
from .._common.lambdas import bound_name, jit_call_of
from .._common.source import innermost_function, layers, without_partial
from .history import History
from .stats import Row, registry

__all__ = ["Candidate", "register", "describe_location", "set_location_namer", "location_namer"]


class Candidate(Protocol):
    """What :func:`register` reads of a tracked function."""

    fn: Callable
    name: str
    jitted: Any


_live: dict[str, weakref.ref] = {}  # row name -> the function last registered under it
_last_codes: dict[str, list] = {}  # row name -> the code of that function (kept when the function is gone)
_lock = threading.Lock()
_namer: Callable[[str, int], str] | None = None


def set_location_namer(namer: Callable[[str, int], str] | None) -> None:
    """How to name a place in the user's code (the IPython front names cells ``Cell In[3], line 2``)."""
    global _namer
    _namer = namer


def location_namer() -> Callable[[str, int], str] | None:
    """The namer set by :func:`set_location_namer`, if any."""
    return _namer


def describe_location(fn: Any) -> str:
    """Where ``fn`` is defined, as a reader names it: ``Cell In[3], line 2`` or ``file.py:10``."""
    code = getattr(innermost_function(fn) or without_partial(fn), "__code__", None)
    if code is None:
        return ""
    if _namer is not None:
        try:
            return _namer(code.co_filename, code.co_firstlineno)
        except Exception:  # noqa: BLE001
            pass
    return f"{short_path(code.co_filename)}:{code.co_firstlineno}"


def register(tracked: Candidate) -> tuple[Row, str, bool]:
    """The statistics row ``tracked`` counts into, the row's name, and whether it continues an earlier function.

    The row then refers to ``tracked`` (weakly) as the function last counted there.
    """
    where = describe_location(tracked.fn)
    kind = getattr(tracked, "wrapper", "jaxmagic")  # what jits it: a row never mixes two kinds
    with _lock:
        # a second row of this name (name@cell:line) continues too: a lambda in a loop whose row was
        # named apart from another live lambda finds its own row again, not a new one per iteration
        keys = (tracked.name, *(key for key in registry.rows if key.startswith(tracked.name + "@")))
        # a row whose function has the same code first; only then the row of the name whose function is gone
        name = next((key for key in keys if _continues(key, tracked, kind, same_code_only=True)), None) or \
            next((key for key in keys if _continues(key, tracked, kind, same_code_only=False)), None)
        redefined = name is not None
        if name is None:
            name = tracked.name
            if name in registry.rows:  # another live function of that name: name@<cell or file>:<line>
                name = registry.unique_name(name, re.sub(r"^Cell (In\[\d+\]), line (\d+)$", r"\1:\2", where))
        row = registry.row(name, tracked=True, where=where)
        row.wrapper = kind
        if row.analysis is None:
            row.analysis = History()
        row.where = where or row.where
        row.jit_statement = _jit_statement(tracked.fn) or row.jit_statement
        _live[name] = row.owner = weakref.ref(tracked)
        _last_codes[name] = _codes(tracked.fn)
    return row, name, redefined


def _jit_statement(fn: Any) -> str:
    """``rep = jax.jit(lambda x: x - 1)``: the statement to run once, for a lambda jitted where it is written."""
    inner = innermost_function(fn) or without_partial(fn)
    call = jit_call_of(inner)
    return f"{bound_name(inner) or 'f_jit'} = {call}" if call else ""


def _continues(key: str, tracked: Candidate, kind: str, same_code_only: bool) -> bool:
    """True when ``tracked`` is the function of row ``key`` defined again.

    With ``same_code_only``, a row whose function is gone is continued only by
    the same code; without, the row of the very name is (a cell edited and run).
    """
    row = registry.rows.get(key)
    if row is None or row.wrapper != kind:
        return False
    previous_ref = _live.get(key)
    previous = previous_ref() if previous_ref is not None else None
    # the same function object jitted again with other options (static, donated) is another function
    if (kind != "jaxmagic" and previous is not None
            and without_partial(previous.fn) is without_partial(tracked.fn)
            and getattr(previous, "variant", None) != getattr(tracked, "variant", None)):
        return False
    if previous is None:
        return _same_codes(_codes(tracked.fn), _last_codes.get(key, [])) or (key == tracked.name and not same_code_only)
    return _replaces(tracked, previous) or _rebinds(tracked, previous)


def _replaces(new: Candidate, old: Candidate) -> bool:
    """True when ``new`` is ``old`` defined again rather than another live function of that name.

    The same code (a lambda or ``partial`` jitted again in a loop) or the same
    source compiled again (a cell run again) is a redefinition; a different
    definition while the old one is still alive is another function.
    """
    return _same_codes(_codes(new.fn), _codes(old.fn))


def _same_codes(new_codes: list, old_codes: list) -> bool:
    if not new_codes or len(new_codes) != len(old_codes):
        return False
    # every layer alike: jax.grad(loss) and jax.vmap(loss) share JAX's outer wrapper, not the layers below
    return all(a is b or _same_code(a, b) for a, b in zip(new_codes, old_codes))


def _codes(fn: Any) -> list:
    """The code of a function and of every function it wraps (``functools.wraps``, JAX's transformations)."""
    return [layer.__code__ for layer in layers(fn)]


def _rebinds(new: Candidate, old: Candidate) -> bool:
    """True when ``new`` is about to take the name ``old`` is bound to, and nothing else keeps ``old``.

    A cell edited and run again: the same name in the same namespace, where
    no other name refers to the old function. Kept under another name
    (``first = f``), the old one is another live function.
    """
    new_fn, old_fn = without_partial(new.fn), without_partial(old.fn)
    globals_ = getattr(new_fn, "__globals__", None)
    if globals_ is None or globals_ is not getattr(old_fn, "__globals__", None):
        return False
    name = getattr(new_fn, "__name__", "")
    old_objects = tuple(o for o in (old.jitted, old_fn) if o is not None)
    bound = globals_.get(name)
    try:
        inner = getattr(bound, "__wrapped__", None)
    except Exception:  # noqa: BLE001 - a user's object answering attributes its own way
        inner = None
    if not any(bound is o or inner is o for o in old_objects):
        return False  # (a plain ``jax.jit`` object names its function ``__wrapped__``)
    return not any(
        key != name and any(value is o for o in old_objects) for key, value in list(globals_.items())
    )


def _same_code(a: Any, b: Any) -> bool:
    """Equal bytecode, names and constants: the same source, wherever it was compiled."""
    if (a.co_code, a.co_names, a.co_varnames, a.co_freevars, a.co_name) != (
        b.co_code, b.co_names, b.co_varnames, b.co_freevars, b.co_name,
    ):
        return False
    if len(a.co_consts) != len(b.co_consts):
        return False
    for x, y in zip(a.co_consts, b.co_consts):
        if hasattr(x, "co_code") and hasattr(y, "co_code"):
            if not _same_code(x, y):
                return False
        elif type(x) is not type(y) or x != y:
            return False
    return True
