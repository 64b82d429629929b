"""What a library needed as a Python value: which library's function the user's line calls, the count its own
check read, the static argument its jit hashed; and what a trace can return in place of a stored object.

``callee`` (the failing line calls an installed library's function, not JAX's, NumPy's or SciPy's, and whether
it raised in its own code; the user's own functions a library's object holds), ``counts`` (the traced count or size a library's check read, from its frames
innermost first, and the integer scalars the user's call passed) and ``statics`` (the traced value a library's
jit hashed as static, held in its frames) and ``returnable`` (a stored object no jit can return, a function or a
class of no pytree: the array the cell reads of it later, or the traced inputs it was built from) and
``constructed`` (a count an object's class computes with ``jnp`` in ``__init__``, computed there with NumPy as a
Python int; a count the user built as an array of one integer, a field declared a static int) and ``graph_inputs`` (an input of a graph a library wrote out as a function and jitted, pytensor's JAX
backend, needed as a constant: declared one where the graph is built) and ``pulled_out`` (a value JAX cannot trace in a
dict the user hands a library's jit, taken out of the dict into a global the user's functions read) and ``cached``
(a value the jitted function stores in a dict and reads back itself, kept in a local instead) and ``guarded`` (a
check that raises on traced values, kept as data: NaN returned where it fails, or recorded by checkify) and ``bound``
(an array the user's jit of a library's function marks static, bound into the function with ``functools.partial``)
and ``kept_object`` (a leak a library object kept: the user's call, inside a traced function, that handed it its
values) and ``held_unhashable`` (a list deep inside an object a library's jit holds static whole, found by hashing
its parts, written as a tuple where the cell wrote it).

May import: what ``_explain`` may, and ``_explain.explanation``, ``provenance``, ``recover``, ``dataflow`` and
``declare.fields`` (``Declaration``, ``class_node``, ``declared_data_fix``, ``field_values_by_name``,
``integer_scalar_array``) and ``declare.jit_option`` (``traced_abstractly``) and ``declare.frozen``
(``HandedHashable``, ``written_as_tuple``) and ``fixes.site`` (``is_hashable``) and ``fixes.rewrites``
(``Unstored``, ``apply_edit``, ``Checkified``, ``Edit``, ``array_test``, ``attr``, ``call``); never ``explain``, ``argument``,
``reach`` or ``stages``.
"""
