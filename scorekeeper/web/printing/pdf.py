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
"""

from __future__ import annotations

import contextlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app

SHEETS = ("style.css", "sheet.css", "pdf.css")
"""The print stylesheets, in order: the pages', the sheets', then the PDF's own."""


@lru_cache(maxsize=2)
def _print_styles(static: str) -> tuple[list[Any], Any]:
    """The stylesheets and fonts of the PDF, parsed once per process, not per download."""
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

PRINTED: set[str] = set()
"""The templates PDFs are drawn from (``printed``): compiled by ``warm`` before the fork."""


def printed(template: str) -> str:
    """``template``, named as one a PDF is drawn from: Jinja compiles it once, in ``warm``.

    Compiling the l'Hombre settlement and what it includes cost its first PDF after a
    start about a tenth of a second on a quiet machine, in each process (issue 45).
    """
    PRINTED.add(template)
    return template


def pdf_bytes(html: str, static: str) -> bytes:
    """``html`` as PDF, with the print stylesheets and fonts of this process."""
    from weasyprint import HTML

    stylesheets, fonts = _print_styles(static)
    pdf = HTML(string=html, base_url=static).write_pdf(stylesheets=stylesheets, font_config=fonts)
    return bytes(pdf or b"")


def warm(app: Flask) -> None:
    """Load the PDF engine and its fonts by drawing a tiny PDF (the first costs seconds),
    and compile the templates of the PDFs.

    Called by the server's parent once its first processes serve, before it forks the
    processes that replace them (``serving/prefork.run``: nothing of the engine runs
    while they are forked). A failure is not fatal: the first real PDF says what is wrong.
    """
    with contextlib.suppress(Exception):
        pdf_bytes(WARM_PAGE, str(Path(app.static_folder or "")))
    for template in sorted(PRINTED):
        with contextlib.suppress(Exception):
            app.jinja_env.get_template(template)


def pdf_response(html: str, filename: str) -> Response:
    """``html`` (a page drawn with ``pdf=True``) as a PDF to download."""
    pdf = pdf_bytes(html, str(Path(current_app.static_folder or "")))
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f"attachment; filename={filename}"},
    )
