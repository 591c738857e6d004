"""Sheets as PDF (WeasyPrint): the game's settlement and the club evening's.

The stylesheets are parsed once per process; the pages leave out their own
<link> to them when drawn for the PDF (``pdf=True``), so nothing is fetched
or parsed again per download.

The first PDF of a process took 2.6–2.9 s, the next ones 0.17 s (issue 36):
it loaded WeasyPrint (its Python, Pango, HarfBuzz, fontconfig) and the
fonts. ``scorekeeper serve`` now draws a tiny PDF (``warm``) once, in the
parent, before it forks its processes: each process starts with the engine
and the fonts loaded (shared with the parent, page by page, until written).
Warmed in a thread of each process after the fork instead, the processes
loaded it twice at once on two cores, and a PDF asked for at start waited
for that: 4.5 s, against 0.76 s warmed before the fork and 3.5 s not warmed,
for 1.5 s more before the first answer (``benchmarks/first_pdf.py``).

A long list of ready-made monospace lines (the l'Hombre settlement's journal) is
not laid out by WeasyPrint: the template hands it to ``apart`` and ``pdf_bytes``
draws it on pages of its own after WeasyPrint's (``line_pages``; issue 45: 3.5 s
of the 3,000-coup settlement PDF's CPU was WeasyPrint's work on those lines).
"""

from __future__ import annotations

import contextlib
import ctypes.util
import io
import sys
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g
from jinja2 import Environment, meta

from .line_pages import LinePages, append, drawable, paginate

SHEETS = ("style.css", "sheet.css", "pdf.css")
"""The print stylesheets, in order: the pages', the sheets', then the PDF's own."""


_IMPORTING = threading.Lock()


def load_engine() -> None:
    """Import WeasyPrint, its libraries found by their file names alone.

    WeasyPrint opens each library (Pango, HarfBuzz, fontconfig…) by trying a list of
    names, Windows' and macOS' first; cffi hands each name that does not open to
    ``ctypes.util.find_library``, which on Linux runs ``ldconfig -p``, ``gcc`` and ``ld``
    in turn: 54 processes, 1.4 s of a loaded machine's 1.7 s import and 0.2 CPU-s, in
    every process that draws a PDF (measured 2026-11-28). Each list also holds the name
    the platform's loader opens by itself (``libpango-1.0.so.0``, ``….dylib``), so the
    look-up is left out while importing; where that finds nothing the import is made
    again as WeasyPrint made it (its notice of a failed import, printed by the first
    attempt, is left unsaid then).
    """
    if "weasyprint" in sys.modules:
        return
    with _IMPORTING:
        if "weasyprint" in sys.modules:
            return
        find_library = ctypes.util.find_library
        ctypes.util.find_library = _not_looked_up
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # its "could not import" notice
                import weasyprint
            return
        except OSError:  # a library only the look-up finds: forget the half-made import
            for name in [m for m in sys.modules if m.split(".")[0] == "weasyprint"]:
                del sys.modules[name]
        finally:
            ctypes.util.find_library = find_library
        import weasyprint  # noqa: F401  (again, as WeasyPrint does it)


def _not_looked_up(name: str) -> None:
    return None


@lru_cache(maxsize=2)
def _print_styles(static: str) -> tuple[list[Any], Any]:
    """The stylesheets and fonts of the PDF, parsed once per process, not per download."""
    load_engine()
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]

    fonts = FontConfiguration()
    sheets = [CSS(filename=f"{static}/{name}", font_config=fonts) for name in SHEETS]
    return sheets, fonts


WARM_PAGE = (
    '<!doctype html><html lang="fr"><body class="sheet"><header class="sheet-head">'
    "<h1>Anne · Bruno · Chloé</h1></header>"
    "<table><tr><th>Coup</th><td>12</td><td>−3,5</td><td><b>é</b></td></tr></table>"
    '<div class="print-lines"><p>  1=  Anne  −3,5\n  2   Bruno  12</p></div>'
    '<section id="journal"><div class="journal-lines"><p>   12 (3) Anne→Bruno 4 · é</p></div>'
    "</section></body></html>"
)
"""What the warm-up draws: the print stylesheets, bold and plain, accents and a true minus,
the running head, and the monospace lines of the long lists on their landscape pages (the
first PDF of a process to use a font, a page size or a margin box paid for it: issue 45)."""

WARM_LINES = LinePages("Anne · Bruno", "Journal", "é", ["   12 (3) Anne→Bruno 4 · −3,5"])
"""The pages of lines the warm-up draws after it: the monospace font read, subset once."""

PRINTED: set[str] = set()
"""The templates PDFs are drawn from (``printed``): compiled by ``warm`` before the fork."""


def printed(template: str) -> str:
    """``template``, named as one a PDF is drawn from: Jinja compiles it once, in ``warm``.

    Compiling the l'Hombre settlement and what it includes cost its first PDF after a
    start about a tenth of a second on a quiet machine, in each process (issue 45).
    """
    PRINTED.add(template)
    return template


def pdf_bytes(html: str, static: str, apart: LinePages | None = None) -> bytes:
    """``html`` as PDF, with the print stylesheets and fonts of this process; then, if
    any, the pages of lines ``apart`` drawn straight into it (``line_pages``), the running
    heads of WeasyPrint's pages counting them too."""
    load_engine()
    from weasyprint import CSS, HTML

    stylesheets, fonts = _print_styles(static)
    page = HTML(string=html, base_url=static)
    document = page.render(stylesheets=stylesheets, font_config=fonts)
    if apart is None:
        return bytes(document.write_pdf() or b"")
    laid = paginate(apart)
    before = len(document.pages)
    if before > 1:  # its heads said "n / its own pages": again, with the whole count
        total = CSS(string=TOTAL % (before + len(laid)), font_config=fonts)
        document = page.render(stylesheets=[*stylesheets, total], font_config=fonts)
        before = len(document.pages)
    pdf = document.write_pdf(finisher=lambda _, pdf: append(pdf, apart, laid, before))
    return bytes(pdf or b"")


TOTAL = (
    '@page { @top-left { content: string(sheet) string(evening) string(state) " — "'
    ' counter(page) " / %d" } }'
)
"""The running head of static/pdf.css with the number of pages given (``pdf_bytes``)."""


def apart(head: str, title: str, legend: str, lines: list[str]) -> bool:
    """For a template drawn for the PDF: have ``lines`` drawn on pages of their own after the
    others (``line_pages``), with a running head, a title and a legend; False if the font
    lacks a character of them (the template then puts them in the page as before)."""
    if not drawable([head, title, legend, *lines]):
        return False
    g.line_pages = LinePages(head, title, legend, lines)
    return True


def warm(app: Flask) -> None:
    """Load the PDF engine and its fonts by drawing a tiny PDF (the first costs seconds),
    and compile the templates of the PDFs.

    Called by the server's parent once its first processes serve, before it forks the
    processes that replace them (``serving/prefork.run``: nothing of the engine runs
    while they are forked). A failure is not fatal: the first real PDF says what is wrong.
    """
    with contextlib.suppress(Exception):
        pdf_bytes(WARM_PAGE, str(Path(app.static_folder or "")), WARM_LINES)
    for template in sorted(_with_what_they_use(app.jinja_env, PRINTED)):
        with contextlib.suppress(Exception):
            app.jinja_env.get_template(template)


def _with_what_they_use(env: Environment, names: set[str]) -> set[str]:
    """``names`` and every template they extend, include or import, by name, all the way
    down (Jinja's own ``meta.find_referenced_templates``): Jinja compiles those only when
    a page is first drawn, so ``get_template`` of the printed ones alone left the base page
    and the parts a PDF includes to its first drawing in each process. A name only known
    when drawing (a variable) is none of them; a template that cannot be read is left to
    its first PDF, which says what is wrong."""
    found: set[str] = set()
    waiting = list(names)
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.add(name)
        with contextlib.suppress(Exception):
            source = env.loader.get_source(env, name)[0] if env.loader else ""
            for used in meta.find_referenced_templates(env.parse(source)):
                if used is not None:
                    waiting.append(used)
    return found


def pdf_response(html: str, filename: str) -> Response:
    """``html`` (a page drawn with ``pdf=True``) as a PDF to download."""
    apart = g.pop("line_pages", None)
    pdf = pdf_bytes(html, str(Path(current_app.static_folder or "")), apart)
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f"attachment; filename={filename}"},
    )
