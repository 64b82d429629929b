"""Python code that needs concrete values, in a form that traces: JAX's own twin (``math.factorial`` →
``jax.scipy.special.factorial``), or the call moved out of the trace where there is none.

``functions`` (a call of Python's ``math`` module on a traced value, rewritten
to the ``jax.numpy`` or ``jax.scipy.special`` function that computes the same
on arrays), ``choices`` (a Python list indexed by a traced value: ``lax.switch``
over its functions, or over the whole call a library is handed the element in)
``buffers`` (a traced value written into a NumPy buffer: the buffer made in
``jnp``, the write made ``.at[...].set``), ``numpy_calls`` (``np.roll`` →
``jnp.roll``, for one call or every one the function makes on traced values) and ``host_calls`` (a
library call that reads values, ``mjx.get_data``, made outside jit: the jitted function split before it; or a NumPy
conversion whose arrays only such a call made for its effect reads, a checkpoint's save) and
``library_options`` (a library's option that defaults to None and is worked out from traced data, then tested in
Python, or that skips a check on the host: given by the user's call as a Python value) and ``registration`` (a
library's own function that makes its classes pytrees, ``qtn.jax_register_pytree()``, called before the user's) and
``python_loop`` (a ``lax.fori_loop`` whose counter library code needs as a Python int, made a Python loop) and
``prefix_sums`` (``sum(x[i] for i in range(n))`` over a traced count, or a loop accumulating it, one masked
``jnp.sum``) and ``printed_host`` (a value made by host code only to be printed: made and printed in a
``jax.debug.callback``) and ``made_backend`` (a function a library wrote for NumPy or ``math``, SymPy's
``lambdify``, made again with the library's JAX option) and ``array_api`` (an array-API helper that hands JAX a form
it cannot trace, array-api-extra's ``setdiff1d`` with no ``size=`` or ``at(x, mask).set(v)``: JAX's own
``jnp.setdiff1d(..., size=)`` or ``jnp.where``); in ``numpy_calls`` too, a NumPy operand handed to a library that picks its backend from its operands, made a JAX array.

May import: what ``_explain`` may, and ``_explain.explanation``, ``recover``, ``values.callee``, ``fixes.site``,
``fixes.rewrites``, ``shaped.masked`` (``unselected``) and ``rebuild`` (the tries' time budget); never
``explain``, ``argument`` or ``verify``.
"""
