"""Printable table slips: the round's seating plan and one slip per table with its QR code.

Each slip carries the table's manager link (and its QR), so the first player
to scan it enters the table's deals on their phone. As a page to print and as
a PDF through the project's WeasyPrint path (``web/printing/pdf.py``).
"""

from __future__ import annotations

from flask import Response, render_template

from ..blueprints import events as bp
from ..kept.expensive import expensive
from ..printing.pdf import pdf_response, printed
from .director import standing_of, table_states
from .rights import managed_event, slips_key

SLIPS = printed("events/slips.html")
"""The table slips, also the PDF's."""


def _slips(event_id: int, pdf: bool) -> str:
    found = managed_event(event_id)
    standing = standing_of(found)
    return render_template(
        SLIPS,
        event=found,
        standing=standing,
        current=standing.rounds[-1] if standing.rounds else None,
        tables=table_states(standing),
        pdf=pdf,
    )


@bp.get("/events/<int:event_id>/slips")
def slips(event_id: int) -> str:
    return _slips(event_id, pdf=False)


@bp.get("/events/<int:event_id>/slips.pdf")
@expensive(slips_key)
def slips_pdf(event_id: int) -> Response:
    return pdf_response(_slips(event_id, pdf=True), f"event-{event_id}-slips.pdf")
