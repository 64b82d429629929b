"""JAX's own twin of Python code that needs concrete values: ``math.factorial`` → ``jax.scipy.special.factorial``.

``functions`` (a call of Python's ``math`` module on a traced value, rewritten
to the ``jax.numpy`` or ``jax.scipy.special`` function that computes the same
on arrays), ``choices`` (a Python list indexed by a traced value: ``lax.switch``
over its functions, or over the whole call a library is handed the element in)
``buffers`` (a traced value written into a NumPy buffer: the buffer made in
``jnp``, the write made ``.at[...].set``) and ``numpy_calls`` (``np.roll`` →
``jnp.roll``, for one call or every one the function makes on traced values).

May import: what ``_explain`` may, and ``_explain.explanation``, ``fixes.site`` and ``fixes.rewrites``; never
``explain``, ``argument`` or ``verify``.
"""
