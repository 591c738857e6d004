"""Sheets as PDF (WeasyPrint): the game's settlement and the club evening's.

The stylesheets are parsed once per process; the pages leave out their own
<link> to them when drawn for the PDF (``pdf=True``), so nothing is fetched
or parsed again per download.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Response, current_app

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


def pdf_response(html: str, filename: str) -> Response:
    """``html`` (a page drawn with ``pdf=True``) as a PDF to download."""
    from weasyprint import HTML

    static = str(Path(current_app.static_folder or ""))
    stylesheets, fonts = _print_styles(static)
    pdf = HTML(string=html, base_url=static).write_pdf(stylesheets=stylesheets, font_config=fonts)
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f"attachment; filename={filename}"},
    )
