"""An event's results say they are provisional while a round is unplayed (issue 45's walk,
point 6): the results page, its PDF and the wall, in the reader's language; once every
round of the event is played and closed, no mark."""

from __future__ import annotations

import re
import time

from test_event_rounds_tables import FR, client_in, fresh_app
from test_events import new_event, post
from test_settlement import pdf_text

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def mark(page: str) -> str | None:
    found = re.search(r'id="provisional"><b>([^<]+)</b>', page)
    return None if found is None else found.group(1)


def read(client, path: str, want: str | None) -> str:
    """The read page once it shows ``want``: a read page may serve a standing up to a second
    old (events/standing.py, ``within``); wait for the one expected."""
    for _ in range(200):
        page = client.get(path).text
        if mark(page) == want:
            return page
        time.sleep(0.02)
    raise AssertionError(f"{path} never showed {want!r}")


def test_results_are_provisional_until_the_last_round_is_closed(tmp_path):
    app = fresh_app(tmp_path / "results.sqlite")
    client = client_in(app, EN)
    new_event(client, kind="hombre", seating="3", method="total")  # two rounds
    post(client, app, "players", names="Anne\nBert\nCarl")
    token = re.search(r"/events/([\w-]{20,})", client.get("/events/1").text).group(1)
    results = f"/events/{token}/results"
    two = "Provisional: 2 rounds are not played yet."
    one = "Provisional: 1 round is not played yet."
    assert mark(client.get(results).text) == two
    post(client, app, "draw")
    assert mark(client.get("/events/1").text) == two  # the director's page: the latest
    read(client, results, two)
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert mark(client.get("/events/1").text) == one
    read(client, results, one)
    read(client, f"/events/{token}/wall", one)
    french = read(client_in(app, FR), results, "Provisoire\u202f: 1 tour n’est pas encore joué.")
    assert mark(french) == "Provisoire\u202f: 1 tour n’est pas encore joué."
    printed = " ".join(pdf_text(client.get(results + ".pdf").data, tmp_path).split())
    assert "Provisional: 1 round is not played yet." in printed
    post(client, app, "draw")
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert mark(client.get("/events/1").text) is None  # both rounds played, closed: final
    assert "Provisional" not in read(client, results, None)
