"""Where a class declares its fields static or traced, and the fixes made in that declaration.

``fields`` (the user's class statement: ``register_dataclass``'s ``meta_fields``,
``equinox.field(static=True)``, ``flax.struct.field(pytree_node=False)``,
``jax_dataclasses.Static[...]``; an array declared static made data, a function
held as data made static; the user's value rebuilt with the class compiled again),
``frozen`` (hashable versions of a static value: a library's twin of its mutable class, ``FrozenConfigDict``,
one by the type JAX names, or the user's ``@dataclass`` made ``frozen=True``) and ``wrapper`` (the jit that
decides what is static: ``equinox.filter_jit`` for a Module holding Python values).

May import: what ``_explain`` may, and ``_explain.explanation``; never ``explain``, ``argument`` or ``verify``.
"""
