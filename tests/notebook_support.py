"""Running cells in a real kernel, for the tests that need a notebook."""
from __future__ import annotations

from typing import Any


def run_notebook(cells: list[str], cwd: Any, **options: Any) -> list:
    """Run ``cells`` in a fresh python3 kernel through nbclient, in folder ``cwd``; the executed cells."""
    from nbclient import NotebookClient
    from nbformat.v4 import new_code_cell, new_notebook

    nb = new_notebook(cells=[new_code_cell(source) for source in cells])
    NotebookClient(nb, timeout=300, kernel_name="python3", **options).execute(cwd=str(cwd))
    return nb.cells
