"""Fixes tried by running the failing trace again, with the user's code rewritten in place for the duration.

``replay`` (the trace that failed, ready to run again: the innermost jitted
call on the stack, abstractly, under JAX caches of its own; or the user's own
call under a jit of jaxmagic's), ``swaps`` (which of the user's live functions
a try rewrites, and the code each gets), ``alone`` (the user's function that
library code called, traced again on its own with the shapes and dtypes it was
given, when the library's whole call does not run again within a short share of
the explanation's time), ``in_place`` (every untried code fix, tried that way),
``outcomes`` (a try's failure that says nothing of the fix: the try itself was at
fault), ``contexts`` (what a library's wrapper set up around the trace that
failed, set up again while explaining: ``chex.chexify``'s level),
``trace_cache`` (the abstract calls ``jax.jit``'s trace cache kept: a leaked
tracer's function traced again long after its call) and ``reverse`` (every try
traced inside ``jax.grad`` where reverse mode called the jit that failed: a loop
with a traced trip count traces, then cannot be transposed) and ``statement`` (a fix to a transformation's
option in the cell's failing top-level statement: the statement's call made again, abstractly) and ``tail`` (a value's
rewrite traced from the failing statement on, with the shapes and dtypes the function's variables had there, where
tracing the whole function again would take long).

May import: what ``_explain`` may, and ``_explain.explanation``, ``call``, ``provenance``, ``rebuild``,
``verify``, ``fixes.rewrites``, ``declare.leaf`` and ``reach.entry``; never ``explain``,
``argument`` or ``stages``.
"""
