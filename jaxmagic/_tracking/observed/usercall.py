"""A jitted call in the user's terms: the one shape every adapter returns."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import jax

from ..signature import Signature, build_signature, positional_names

__all__ = ["UserCall"]


@dataclasses.dataclass(eq=False)
class UserCall:
    """A jitted call in the user's terms.

    Attributes
    ----------
    wrapper : str
        ``jax.jit``, ``equinox.filter_jit`` or ``flax.nnx.jit``: what the user wrote.
    function : callable
        The user's own function: its name, its ``def`` line, its parameters.
    identity :
        The object JAX's caches are kept per: calls with the same identity are one function.
    args, kwargs :
        The arguments as the user passed them.
    static_argnums, static_argnames :
        Static parameters (a plain ``jax.jit``'s options).
    static_leaf :
        For wrappers that choose per leaf (equinox): True for a leaf held static.
    expand :
        For wrappers with their own objects (NNX modules): ``(name, value) -> (structure, [(path, leaf)])``
        or None to flatten ``value`` as a pytree.
    jitted :
        The object the user calls (``fwd``), when known: a cell run again rebinds its name.
    names :
        The positional parameters' names, when not the function's own (JAX's positions).
    variant :
        The jit's options: with ``identity``, the same function jitted another way is another.
    """

    wrapper: str
    function: Callable
    identity: Any
    args: tuple
    kwargs: dict
    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()
    static_leaf: Callable[[Any], bool] | None = None
    expand: Callable[[str, Any], Any] | None = None
    jitted: Any = None
    names: tuple[str, ...] | None = None  # the positional parameters' names, when not the function's own
    variant: Any = None  # with ``identity``: the same function jitted with other options is another function

    def signature(self) -> Signature:
        """This call's abstract signature, by the user's parameter names."""
        names, var_name = positional_names(self.function)
        if self.names is not None:
            names, var_name = list(self.names), "args"
        return build_signature(
            self.args, self.kwargs, names=names, var_name=var_name, static_argnums=self.static_argnums,
            static_argnames=self.static_argnames, abstract=_abstract, static_leaf=self.static_leaf,
            expand=self.expand,
        )


def _abstract(leaf: Any) -> Any:
    aval = getattr(leaf, "aval", None)
    if aval is not None:
        return aval
    return jax.typeof(leaf)
