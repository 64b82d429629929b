"""Every jit jaxmagic did not make itself: read through JAX's frames to the user's own call.

``.._tracking.jax_frames`` finds the jitted call JAX is tracing or compiling; ``adapters``
turns it into the user's call (the plain ``jax.jit`` reading, and one small
module per library wrapper: ``equinox``, ``flax_nnx``); ``functions`` keeps
one :class:`~.functions.ObservedFunction` per function and gives each compile
its reasons.

May import what ``_tracking`` may (``_common``, ``_render.display``) and the
rest of ``_tracking``; never a wrapper's library: an adapter reads it from
``sys.modules`` only when the user has imported it.
"""
