"""JAX's own twin of a call that needs concrete values: ``math.factorial`` → ``jax.scipy.special.factorial``.

``functions`` (a call of Python's ``math`` module on a traced value, rewritten
to the ``jax.numpy`` or ``jax.scipy.special`` function that computes the same
on arrays).

May import: what ``_explain`` may, and ``_explain.explanation``, ``fixes.site`` and ``fixes.rewrites``; never
``explain``, ``argument`` or ``verify``.
"""
