"""The fix builders: code for the user's own line, in the order array logic > ``jax.lax`` > static.

``propose`` (dispatch by kind, the order), ``site`` (what every builder
shares), one module per family (``conditions``, ``conversions``, ``shapes``,
``arguments``) and ``rewrites`` (the syntax-tree edits, which ``verify``
applies to a private copy).

May import: what ``_explain`` may, and ``_explain.explanation``, ``call``,
``rebuild`` and ``provenance`` — never ``explain``, ``argument`` or ``verify``.
"""
