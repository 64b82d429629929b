"""Shapes that do not fit: the operands that meet at the user's line, what does not fit, and the certain fix.

``origin`` (the pipeline's entry: operands, their arguments, the words, and
each kind's sentence of why), ``operands`` (an operand read back from the
user's frame, abstractly when computed), ``checks`` (the checks made on one
expression's operands: matrix products, broadcasts, reshapes, joins,
``einsum``), ``structured`` (the checks whose operands the line does not
spell out: a loop's carry, ``cond``'s branches, ``vmap``'s axes, derivative
rules, symbolic dimensions, a jaxpr's types), ``deeper`` (the arrays a library
layer gave JAX, when the user's line shows only its call), ``fixes`` (a fix
only when exactly one edit of its kind makes the shapes fit), ``masked`` (an update through a boolean mask,
``x.at[mask].set(v)`` or ``v[mask] = 0``, or through a slice with a traced bound, ``x.at[:, :k].set(v)``, made
one ``jnp.where``, the mask given the array's trailing axes),
``handed_mask`` (a boolean mask the function makes and hands to a library that selects with it, made
``jnp.nonzero(..., size=K)`` where it is made, K read on the call's values) and
``constants`` (a value the jitted function makes from no argument, ``kr, keep = ispec_grid(grid)``, made before
the jit, where it is concrete; and ``jnp`` calls of constants that a library keeps as NumPy, made with NumPy) and ``global_read`` (a leaf a library traced whose Python value a global the cell handed it
holds, ``shared_input['num_classes']``, read there) and ``flag_branches`` (a traced flag handed to a call
that needs a Python bool: ``lax.cond`` between the call made with each value) and ``bins`` (``jnp.bincount``'s
number of bins, given with ``length=``).

May import: what ``_explain`` may, and ``_explain.explanation``, ``call``,
``lift``, ``provenance``, ``recover``, ``rebuild``, ``dataflow``, ``fixes.site`` and ``fixes.rewrites``; never ``explain``,
``argument`` or ``verify``.
"""
