"""Views: result objects laid out as documents, the only place that decides what a reader sees.

``report`` (a ``TraceReport``), ``explanation`` (an ``Explanation``),
``compile_table`` (``FunctionStats`` rows, the panel's table),
``source_map`` (the teaching view) and ``compile_log`` (the saved log's page,
laid out from the log's data). Importing a view registers its layout
with ``jaxmagic._render.display``; ``jaxmagic`` names the views there, and
they load when the first result object is shown.

May import: ``_render``, ``_common``, and the data, settings and wording of
``_tracking``, ``_explain`` and ``_report`` (never their entry points).
Nothing imports ``_views`` but ``jaxmagic`` and ``_ipython``.
"""
