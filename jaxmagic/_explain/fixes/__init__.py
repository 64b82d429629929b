"""The fix builders: code for the user's own line, in the order array logic > ``jax.lax`` > static.

``propose`` (dispatch by kind, the order), ``site`` (what every builder
shares), one module per family (``conditions``, ``conversions``, ``printing``, ``shapes``,
``sizes``, ``arguments`` (statics), ``non_array``, ``equality``; shapes that do not fit
have theirs in ``shaped.fixes``, masked updates in ``shaped.masked``, leaks theirs in ``leaking.fixes``) and ``rewrites`` (the syntax-tree edits, which ``verify`` applies to a
private copy, and the import lines a fix needs).

May import: what ``_explain`` may, and ``_explain.explanation``, ``call``,
``rebuild``, ``recover``, ``provenance``, ``dataflow``, ``declare``, ``values``, ``shaped`` (its fixes: ``fixes``, ``masked``, ``flag_branches``, ``constants``, ``global_read``,
``handed_mask``), ``leaking.fixes`` — never ``explain``, ``argument`` or ``verify``.
"""
