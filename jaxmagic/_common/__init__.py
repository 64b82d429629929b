"""Leaves every room may use: what is a tracing error, the user's source, a jaxpr's lines and loops.

``errors`` (tracing errors), ``files`` (whose code a file is: the user's,
JAX's, Python's, an installed library's, one installed from a clone too),
``frames`` (the user's, JAX's and libraries' entries in a traceback), ``source``
(the user's code as syntax trees), ``lambdas`` (a lambda named by the variable
its jit was bound to), ``jaxpr`` (the one jaxpr walker: every
equation with the line that made it), ``loops`` (the one unrolled-loop
detector), ``through`` (a stack of JAX transformations rebuilt around a
copy of the function at its bottom), ``settings`` (``jaxmagic.thresholds``:
advice thresholds, the recompile limit, the panel's redraw interval) and
``journal`` (the explanations shown in this process, as plain data, for the
saved log) and ``xla_memory`` (XLA's memory analysis of an executable, read
when first asked for).

May import: the standard library, jax and numpy; nothing of jaxmagic outside ``_common``.
"""
