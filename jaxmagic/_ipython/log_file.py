"""``jaxmagic.save_log``: the compile log written to one file, a standalone HTML page or JSON data.

No IPython here: plain-Python users save logs too. It lives with the front
because it is the one place that joins the log's data (``_report``) to its
page (``_views``).
"""
from __future__ import annotations

import json
import os
import pathlib

from .._report.compile_log import compile_log
from .._views.compile_log import log_page, log_summary

__all__ = ["save_log", "write_log", "FORMATS"]

FORMATS = {".html": "html", ".htm": "html", ".json": "json"}


def save_log(path: str | os.PathLike[str]) -> pathlib.Path:
    """Write every function's compiles and the tracing errors explained so far to ``path``.

    Parameters
    ----------
    path : str or path-like
        ``.html`` (or ``.htm``): one standalone page, to open in a browser,
        print or send; it needs no server and fetches nothing. ``.json``: the
        same as data (:func:`jaxmagic.compile_log`), in the form
        :func:`jaxmagic.compile_log_schema` describes. An existing file is
        replaced.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    ValueError
        ``path`` ends in another suffix.
    FileNotFoundError
        Its folder does not exist.

    Examples
    --------
    >>> jaxmagic.save_log("compiles.html")
    PosixPath('compiles.html')
    """
    return write_log(path)[0]


def write_log(path: str | os.PathLike[str]) -> tuple[pathlib.Path, str]:
    """:func:`save_log`, also returning what the file holds in words (``%jittrace_save`` prints it)."""
    target = pathlib.Path(path).expanduser()
    kind = FORMATS.get(target.suffix.lower())
    if kind is None:
        said = f"ends in {target.suffix!r}" if target.suffix else "has no suffix"
        raise ValueError(f"cannot save the compile log as {str(path)!r}: the name {said}; use .html or .json")
    if not target.parent.is_dir():
        raise FileNotFoundError(f"cannot save the compile log as {str(path)!r}: "
                                f"the folder {str(target.parent)!r} does not exist")
    if target.is_dir():
        raise IsADirectoryError(f"cannot save the compile log as {str(path)!r}: that is a folder")
    data = compile_log()
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n" if kind == "json" else log_page(data)
    target.write_text(text, encoding="utf-8")
    return target, log_summary(data)
