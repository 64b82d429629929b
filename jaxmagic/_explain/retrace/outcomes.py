"""What a try's failure says of the fix: nothing, where the try itself was at fault.

A try of a fix can fail for reasons of its own making: a library's jit gives back the error it cached from the
user's call, or compares a new static value with one holding the failed call's tracer; a library's jit holds the
user's function its own way, so the rewritten copy never ran; the storing method tried under a jit of
jaxmagic's returns its object, which no jit can return; or the function, traced on its own, fails before its
failing line whatever the fix (it reads a context only the library's own call sets up: haiku's
``get_parameter``); or the run again ran the user's function as it was, not the rewritten one; or, past the fixed
line, the abstract try needed a Python bool that the user's call, differentiating without jit, has. Such a
failure is no verdict on the fix.
"""
from __future__ import annotations

import linecache
import re
from collections.abc import Callable
from typing import Any

from ..._common.errors import installed_package, is_user_file, traceback_entries, tracing_kind, user_entries
from ..._common.frames import differentiated_eagerly

__all__ = ["fails_unfixed", "given_back", "kept_eagerly", "ran_as_it_was", "ran_unchanged", "returns_its_object",
           "stale_jit_cache"]


def given_back(outcome: BaseException) -> bool:
    """True when a try's error is one raised earlier, given back by library code that cached it (brainstate's
    jit keeps the error of a failed trace): its traceback holds the top level of a user's file, which no
    trace started by jaxmagic runs."""
    return any(tb.tb_frame.f_code.co_name == "<module>" and is_user_file(tb.tb_frame.f_code.co_filename)
               for tb in traceback_entries(outcome.__traceback__))


def stale_jit_cache(outcome: BaseException) -> str | None:
    """The package whose jit's cache holds a static value with a tracer in it, left by the call that failed: JAX
    compares a new static value with the cached one, and the comparison with the dead tracer raises."""
    if not (isinstance(outcome, ValueError) and "equality of metadata fields" in str(outcome)):
        return None
    cause = outcome.__cause__ or outcome.__context__
    # the comparison with the dead tracer raises a tracer error (JAX 0.10), or re-enters JAX's cache (JAX 0.8); JAX
    # 0.12 words the comparison's error into its own message, chaining nothing of it
    if "Cache keys should be comparable" not in str(outcome) and (
            cause is None or (tracing_kind(cause) is None and "Reentrant call" not in str(cause))):
        return None
    entries = [tb for tb in traceback_entries(outcome.__traceback__)
               if installed_package(tb.tb_frame.f_code.co_filename) not in ("jax", "jaxlib", "jaxmagic")]
    if not entries:
        return "a library"
    last = entries[-1]
    package = installed_package(last.tb_frame.f_code.co_filename)
    if package:  # the library's own code called its jit
        return package
    # the user's line called it (``lib.solve(start, cfg)``): named as written there
    called = re.search(r"([^\W\d][\w.]*)\s*\(", linecache.getline(last.tb_frame.f_code.co_filename, last.tb_lineno))
    return f"`{called.group(1)}`" if called else "a library"



def ran_unchanged(outcome: BaseException, fn: Any) -> bool:
    """True when a try of rewritten code failed in the user's own, unrewritten function."""
    code = getattr(fn, "__code__", None)
    return code is not None and any(tb.tb_frame.f_code is code for tb in traceback_entries(outcome.__traceback__))


_RETURNED_TYPE = re.compile(r"returned a value of type <class '(?:[\w.]+\.)?(?P<cls>\w+)'>")


def returns_its_object(outcome: Any, call: Any) -> bool:
    """True when a try failed because the function returned an object of its first argument's class (``self``)."""
    found = _RETURNED_TYPE.search(str(outcome)) if isinstance(outcome, TypeError) else None
    first = call.args[0] if found is not None and call.args else None
    return first is not None and type(first).__name__ == found["cls"]


def fails_unfixed(outcome: BaseException, exc: BaseException, unfixed: Callable[[], BaseException | None]) -> bool:
    """True when a try failed before the user's failing line (in a line above it of the same function) as the
    unchanged function, traced the same way (``unfixed()``), fails too: a context only the library's own call sets
    up, not the fix (the unchanged function is traced again only then: a large program's trace is slow)."""
    tried, failed = user_entries(outcome.__traceback__), user_entries(exc.__traceback__)
    if not tried or not failed:
        return False
    at, was = tried[-1], failed[-1]
    if (at.tb_frame.f_code.co_filename, at.tb_frame.f_code.co_name) != \
            (was.tb_frame.f_code.co_filename, was.tb_frame.f_code.co_name) or at.tb_lineno >= was.tb_lineno:
        return False
    again = unfixed()
    return again is not None and type(again) is type(outcome) and _first(again) == _first(outcome)


def _first(exc: BaseException) -> str:
    return next(iter(str(exc).splitlines()), "")


def ran_as_it_was(outcome: BaseException, exc: BaseException, recipe: Any) -> bool:
    """True when a try failed in the very code object that failed for the user, on the same line, though the fix
    (``recipe``) rewrites that function (a closure made before the run again, which the swap did not reach)."""
    first, again = user_entries(exc.__traceback__), user_entries(outcome.__traceback__)
    line = getattr(getattr(recipe, "target", None), "lineno", None)
    if not first or not again or line is None:
        return False
    code = first[-1].tb_frame.f_code
    lines = [n for _, _, n in code.co_lines() if n is not None]
    return again[-1].tb_frame.f_code is code and again[-1].tb_lineno == first[-1].tb_lineno and \
        bool(lines) and min(lines) <= line <= max(lines)


_KEPT_EAGERLY = {"bool-conversion": "True/False", "integer-conversion": "int"}  # what an eager grad's tracer gives


def kept_eagerly(outcome: object, kind: str, exc: BaseException) -> str | None:
    """Why a try that failed says nothing, where the user's call differentiated without jit (``jax.grad(f)(x)``)
    and the try, past the fixed ``float(g)``, needed a Python True/False or int (``max(g, 0.0)``): such a call's
    tracers keep their values, so Python gets one there; the abstract try has none. Else None."""
    met = tracing_kind(outcome) if isinstance(outcome, BaseException) else None
    if met not in _KEPT_EAGERLY or met == kind or not differentiated_eagerly(exc):
        return None
    return (f"traced abstractly, it then needed a Python {_KEPT_EAGERLY[met]} from a traced value, which your call "
            "differentiating without jit has: not known either way")
