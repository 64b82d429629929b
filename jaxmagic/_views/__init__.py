"""Views: result objects laid out as documents, the only place that decides what a reader sees.

``report`` (a ``TraceReport``), ``explanation`` (an ``Explanation``),
``compile_table`` (``FunctionStats`` rows, the panel's table) and
``source_map`` (the teaching view). Importing this package registers each
layout with ``jaxmagic._render.display``; ``jaxmagic`` does so at start-up.

May import: ``_render``, ``_common``, and the data, settings and wording of
``_tracking``, ``_explain`` and ``_report`` (never their entry points).
Nothing imports ``_views`` but ``jaxmagic`` and ``_ipython``.
"""
from . import compile_table, explanation, report  # noqa: F401 - registers their layouts
