"""``%jittrace_save FILE``: the compile log, saved as a standalone HTML page or as JSON."""
from __future__ import annotations

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring

__all__ = ["SaveMagics"]


@magics_class
class SaveMagics(Magics):
    """Save what jaxmagic saw, to read later or send to someone."""

    @magic_arguments()
    @argument("file", help="The file to write: FILE.html (or .htm) for a page, FILE.json for data.")
    @line_magic
    def jittrace_save(self, line: str) -> None:
        """Save every jitted function's compiles and the tracing errors explained in this kernel.

        ``FILE.html`` is one standalone page: the compile table, each
        function's compiles (id, reason, trace / lowering / compile times,
        memory, advice, a timeline) and every explained error with its fixes.
        It needs no server and fetches nothing; it opens in any browser and
        prints whole. ``FILE.json`` holds the same as data, in the versioned
        form ``jaxmagic.compile_log_schema()`` describes. Examples::

            %jittrace_save compiles.html
            %jittrace_save runs/today.json

        From Python: ``jaxmagic.save_log("compiles.html")``. An existing file
        is replaced. ``%jittrace_reset`` starts the log afresh.
        """
        text = line.strip()
        if not text or text.startswith("-"):
            parse_argstring(self.jittrace_save, line)  # --help, or IPython's message for a missing FILE
            return None
        # the rest of the line is the path, spaces and all; one pair of quotes around it is dropped
        path = text[1:-1] if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"" else text
        # lazy: the log's page (its layout and the renderers) loads with the first save
        from .log_file import write_log

        try:
            target, holds = write_log(path)
        except (ValueError, OSError) as exc:
            raise UsageError(f"%jittrace_save: {exc}") from None
        print(f"jaxmagic: saved {target} ({holds}).")
