"""Reports: what ``%%jittrace`` and ``%jittrace`` return, and how they are built without a new trace.

``entries`` (``TraceReport``, ``TraceEntry``, ``ErrorInfo``: data),
``lines`` (``report.lines``), ``build`` (trace records to entries;
explanations attached), ``cell_rewrite`` (a cell rewritten so every jit is
tracked: pure syntax trees), ``trace_cell`` (run it), ``trace_call``
(one call of any function) and ``compile_log`` (every function's compiles
and the explained errors as plain data, with its versioned JSON schema).

May import: ``_common``, ``_tracking``, ``_render.display``, and of
``_explain`` only ``explanation`` and ``failures``.
"""
