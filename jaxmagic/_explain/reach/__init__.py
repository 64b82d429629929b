"""Reaching into library code: the user's function that a library or a transformation called, and fixes tried
by running the failing trace again.

``entry`` (the user's function as library code called it, and which of its
parameters the failing value came from), ``library`` (a call that was the
library's own, a library's check that needed a size), ``options`` (the static
decision in a transformation's own option: ``pmap``'s
``static_broadcasted_argnums``, ``vmap``'s ``in_axes``), ``sweep`` (a ``vmap`` over values that differ, a
setting a library needs as a Python value: a Python loop over them instead),
``jitted_statement`` (the user's own
``jax.jit(...)(args)`` statement made again for a leak from a function library code called there, and the
jitted function's parameters the stored value depends on, read by a probe in that trace) and ``stored_attributes`` (a leak stored on an
object by a method of the user's class that library code called: ``self.last_scores = ...`` in a Keras
layer's ``call``, read later as ``attn.last_scores``) and ``handed`` (a function the user hands to a library
that calls it and uses what it returns: a leak there is kept by a callback, not returned) and ``bound`` (a
Python value a library traces because it passes every argument on, bound with ``functools.partial`` where the
function is handed over) and ``annotated`` (a traced value the user's call hands to a library parameter whose
signature types it a Python value: the argument named, and the library's own error on it known).

May import: what ``_explain`` may, and ``_explain.explanation``, ``dataflow``,
``provenance``, ``call``, ``fixes.site``, ``recover``, ``rebuild``, ``verify``, ``leaking.stores``,
``fixes.rewrites``, ``values.callee`` and ``retrace.replay`` (the failing trace, to run again); never
``explain`` or ``argument``.
"""
