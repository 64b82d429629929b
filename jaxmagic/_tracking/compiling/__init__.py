"""What JAX is tracing, lowering or compiling right now, read while it reports the event.

``jax_frames`` is the one reader of JAX's call frames (the function, its
arguments and static options, the jaxpr just traced, the module lowered, the
executable compiled); ``pending`` is the one record of a trace awaiting its
compile, for jaxmagic's own jits and every other jit alike; ``placements`` is
the one reader of where the arguments live (their shardings, by the user's
path). A JAX release that changes its frames breaks ``jax_frames`` alone.

May import what ``_tracking`` may (``_common``, ``_render.display``) and
``_tracking.changes``; nothing else of ``_tracking`` imports back into it
except through these three modules.
"""
