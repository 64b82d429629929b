"""Rendering: a small document model, and its text and HTML forms; knows no jaxmagic type.

``document`` (the nodes), ``text`` and ``html`` (the two renderers; HTML
escaping happens there and only there), ``timeline`` (compiles over time as
an inline picture), ``numbers`` (durations and counts, worded once), ``standalone`` (a whole
HTML page with its own CSS, for a file opened in any browser and printed) and
``display`` (the ``Displayed`` mixin and the layout registry through which
result objects find their views).

May import: the standard library only.
"""
