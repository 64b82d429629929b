"""Leaked tracers: the store that let the tracer out, the fix that threads it out instead, and that fix tried.

``stores`` (the statement that stored the tracer where it outlived its trace: a global, ``self``, a library
object, a closure cell; the definitions a stored value depends on), ``thread_out`` (the leak's fix written for
the user's function: the stored value returned as an output, and each caller rewritten to keep it), ``fixes``
(the fixes offered for a leak, in order), ``calls`` (the call that traced the leaking jitted function, made again
from the call that failed, JAX's trace cache or the leaked tracer's own trace) and ``replay`` (a leak's fix tried
with that call made again: the user's jitted function, a library's cached jitted call, or the user's statement
that handed the function to a transformation).

May import: what ``_explain`` may, and ``_explain.explanation``, ``call``, ``dataflow``, ``provenance``,
``rebuild``, ``verify``, ``declare``, ``values``, ``fixes`` (``site``, ``rewrites``, ``printing``), ``reach``
and ``retrace`` (the failing trace, to run again); never ``explain``, ``argument`` or ``stages``.
"""
