"""The front: the only room that imports IPython or ipywidgets; it decides what the user sees.

``extension`` (load / unload), ``trace_magics`` (``%%jittrace``,
``%jittrace``, ``%jittrace_explain``), ``stats_magics`` (``%jittrace_panel``,
``%jittrace_assert``, ``%jittrace_limit``, ``%jittrace_reset``),
``save_magics`` (``%jittrace_save``) and ``log_file`` (``jaxmagic.save_log``:
the log written as a page or as JSON, no IPython needed), ``settings`` (the
``JitTrace`` configurable), ``explain_hook`` (explanations after any cell's
traceback), ``panel`` (the live widget; ipywidgets loads with the first one),
``naming`` and ``state``.

May import: every other room. Only ``jaxmagic`` imports it, and lazily.
"""
