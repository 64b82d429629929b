"""Where a class declares its fields static or traced, and the fixes made in that declaration.

``fields`` (the user's class statement: ``register_dataclass``'s ``meta_fields``,
``equinox.field(static=True)``, ``flax.struct.field(pytree_node=False)``,
``jax_dataclasses.Static[...]``; an array declared static made data, a function
held as data made static, the way the class's library spells a static field: its own ``static_field()`` for
simple_pytree's), ``rebuilt`` (the user's value remade with the class compiled again as a fix declares it, by
the class's own ``__init__`` where a library's base records its static fields),
``frozen`` (hashable versions of a static value: a library's twin of its mutable class, ``FrozenConfigDict``,
one by the type JAX names, the user's ``@dataclass`` made ``frozen=True``, or the user's call that handed a
library's jit the value, its list written as a tuple, its JAX scalar as a number), ``wrapper`` (the jit that
decides what is static: ``equinox.filter_jit`` for a Module holding Python values, or jitting a Module or its
method that ``jax.jit`` would hash with its arrays), ``closure`` (an object
neither traceable nor hashable, read from the user's global that holds it), ``leaf`` (a leaf of a pytree
argument made a static parameter of its own, with the user's jit; the ``Static`` recipe), ``nnx_data`` (an
NNX module's attribute that stores an array, declared data in ``__init__``) and ``record`` (a leak's value made one
more field of the record the storing function returns, whose type takes any keyword: veros's ``KernelOutput``) and
``checkpoint_option`` (a ``jax.checkpoint`` call whose ``static_argnums`` left out the flag it branches on, given
the flag's position; a flag static for jit that a ``@jax.checkpoint`` below it traces again, made static there
too; a ``jax.grad`` of an object given ``argnums``, tried), ``pytree_class`` (the user's own class declared a pytree, written for the attributes it
holds: arrays as leaves, the rest as metadata; tried on a private copy, the user's class never registered),
``jit_option`` (the user's own ``jax.jit`` of a library's callable given ``static_argnums`` at the input JAX
names; an unhashable static value the function needs as Python data bound with ``functools.partial``; the option
given to a library's function that builds a jit for the user's and passes its keywords on) and
``hoisted`` (a library's call that cannot run under jit at all, moved before the jitted call: a pattern; and a
size the function computes from its arrays' values, moved to the caller and made a static parameter).

May import: what ``_explain`` may, and ``_explain.explanation``, ``fixes.site`` (``edit_fix``, ``is_hashable``, ``dotted_of``,
``jit_spelled``),
``fixes.rewrites`` (``Unstored``, ``apply_edit``), ``values.callee`` (``resolved``, ``library_data_field``,
``library_static_field``), ``retrace.reverse`` (``trace_probe``) and ``fixes.equality`` (``ChildrenRecipe``, the
private-copy try);
never ``explain``, ``argument`` or ``verify``.
"""
