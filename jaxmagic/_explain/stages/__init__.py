"""The explanation as stages over one record of the failure, each reading the record and adding to it.

``record`` (the :class:`Failure`: the exception, the call as far as it is
known, and what each stage found), ``locate`` (the user's frames, the failing
line and expression, read once; a leak's store), ``attribute`` (the arguments
the failing value depends on, in the user's parameter names; a count a
library needed makes it a traced shape; ``wrapper_paths``: a library wrapper's paths, ``args[1]`` or
``kwargs['objective']``, in the user's names), ``offer`` (the fixes, in the
preferred order, from the site the record describes) and ``attempt`` (each
fix tried: on a private copy, by running the failing trace again, or by making
a leak's call again; then ordered by what was seen; ``hashed``: a library's jit traced again with the
hashable values a fix hands it; a ``fori_loop`` made a Python loop, traced abstractly; ``redeclared``: a class declared anew,
tried on the objects a library's jit was handed; ``pulled_out``: a value taken out of a dict a library's jit traces,
tried by making the call again without it); last, ``needed`` names the
kind as what the value was needed as (``int(x)``: an int; a library making a
shape of it: a traced shape).

May import: what ``_explain`` may, and every module of ``_explain`` but ``explain`` and ``failures``.
"""
