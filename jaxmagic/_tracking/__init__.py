"""Tracking: tracked ``jax.jit``, exact counts from ``jax.monitoring``, why each compile happened, advice.

``monitor`` (the one JAX listener), ``signature`` and ``changes`` (abstract
signatures and their differences), ``history`` and ``redefinition`` (what a
function compiled for; which row a new jit continues), ``tracked`` (the
trace-time recorder), ``linehits``, ``attribution`` (an event to its
function and row), ``stats`` (rows: each compile with its id and phase
times), ``advice``, ``budget`` (``expect_compiles`` and the recompile limit)
and ``api`` (``track``, ``stats``, ``reset``).

May import: ``_common``, ``_render.display`` and ``_render.numbers``.
"""
