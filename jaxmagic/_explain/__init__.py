"""Explanation: ``jaxmagic.explain`` — which argument, which line, which fixes, verified by re-tracing.

``explain`` (the pipeline and its words), ``call`` and ``explanation``
(data: the failing call; the result), ``failures`` (explain an error met
while running user code), ``argument``/``provenance``/``lift``/``dataflow``
(where the failing value came from), ``recover`` (the call, from the
traceback), ``rebuild`` and ``verify`` (private copies, probe traces),
``fixes/`` (the fix builders) and ``shaped/`` (shapes that do not fit: the
operands that meet, their shapes and arguments, the certain fix); ``stages/`` (the pipeline's stages over
one record of the failure), ``reach/`` (the user's function inside library code, fixes tried by tracing the
failure again), ``values/`` (what a library needed as a Python value), ``declare/`` (fixes that declare a
value static or a class a pytree, in the class or the transform that declares it), ``twins/`` (code that
needs concrete values, in a form that traces) and ``leaking/`` (a leaked tracer: the store that let it out, its
fix, the call that traced the storing function made again). Importing
this package loads nothing: the engine loads on the first failure.

May import: ``_common``, ``_tracking`` and ``_render.display``. Inside,
``fixes/`` never imports ``explain``, ``argument`` or ``verify``; ``call``
and ``explanation`` import nothing of ``_explain``.
"""
