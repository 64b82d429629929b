"""What a library needed as a Python value: which library's function the user's line calls, the count its own
check read, the static argument its jit hashed.

``callee`` (the failing line calls an installed library's function, not JAX's, NumPy's or SciPy's, and whether
it raised in its own code), ``counts`` (the traced count or size a library's check read, from its frames
innermost first, and the integer scalars the user's call passed) and ``statics`` (the traced value a library's
jit hashed as static, held in its frames).

May import: what ``_explain`` may, and ``provenance`` and ``recover``; never ``explain``, ``argument``, ``reach``
or ``stages``.
"""
