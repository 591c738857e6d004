"""The results page's results.json button saves the file (play18: on a phone it opened the
JSON as text in the browser, while the PDF and CSV buttons download; guide-competitions.md
says to download it from that button and run `scorekeeper redraw results.json`). The address
itself stays the data boards and tools poll (no attachment header: test_results_json_etag)."""

from __future__ import annotations

import re

from test_event_corrections import _a_round_played
from test_events import ranking


def test_the_results_json_button_downloads_the_file_the_address_stays_data(app):
    _a_round_played(app)
    event = ranking(app)[1].event
    page = app.test_client().get(f"/events/{event.read_token}/results").text
    button = re.search(r'<a [^>]*href="/events/[^"]+/results\.json"[^>]*>', page)
    assert button is not None, page[-2000:]
    assert f'download="event-{event.id}-results.json"' in button.group(0)
    data = app.test_client().get(f"/events/{event.read_token}/results.json")
    assert data.mimetype == "application/json"
    assert "Content-Disposition" not in data.headers  # polled as data, shown as data
