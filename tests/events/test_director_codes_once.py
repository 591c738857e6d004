"""A championship's director page draws no QR code; each table's code is an image asked
for when its link is opened, drawn once per server process.

Choosing a code's mask costs segno 8-16 ms; the director page showed a code per table,
inline, so a 136-table round cost 1.1 s of CPU a reload (issue 44's "no one can make the
server slow for the others"); kept per process (``links._qr_drawn``), its first view in
each process still cost 1 s (events14). The page now shows each code as an ``<img
loading="lazy">`` of ``events.table_qr`` in the table's closed "Manager link": the browser
asks for it when the director opens one. The slips (printed, and their PDF) keep theirs
inline."""

from __future__ import annotations

import re
from html import unescape

import segno
from test_events import new_event, post

from scorekeeper.web.table import links

MAKE = segno.make
"""segno's own, for the test's codes: the counted one is put in segno's place."""


def _counted(monkeypatch) -> list[str]:
    drawn: list[str] = []
    make = MAKE

    def counted(url, **kwargs):
        drawn.append(url)
        return make(url, **kwargs)

    monkeypatch.setattr(links.segno, "make", counted)
    links._qr_drawn.cache_clear()  # what earlier tests of this process had drawn
    return drawn


def _three_tables(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="rank_points")
    names = "\n".join(f"Player {n}" for n in range(1, 10))  # 9 players: three tables of 3
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    return client


def _inline(url: str) -> str:
    return MAKE(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")


def test_the_director_page_draws_no_code_and_each_image_is_its_tables_link(app, monkeypatch):
    drawn = _counted(monkeypatch)
    client = _three_tables(app)
    page = client.get("/events/1").text
    assert drawn == []  # the first view of the page: no code drawn
    shown = re.findall(r'<code class="event-link">([^<]+)</code>', page)
    managers = [url for url in shown if "/games/" in url]  # not the event's own link
    images = [unescape(i) for i in re.findall(r'<img src="([^"]+/qr\.svg)"[^>]*>', page)]
    assert len(managers) == len(images) == 3
    assert page.count('loading="lazy"') >= 3
    for url, image in zip(managers, images, strict=True):
        answer = client.get(image)
        assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
        svg = answer.get_data(as_text=True)
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="')
        # the code of the table's own link, as segno draws it inline: its paths the same
        assert _inline(url).split(">", 1)[1] == svg.split(">", 1)[1]
        # the browser keeps it and asks again with its tag: nothing drawn
        again = client.get(image, headers={"If-None-Match": answer.headers["ETag"]})
        assert again.status_code == 304 and again.data == b""
    assert sorted(drawn) == sorted(managers)  # one code a table opened
    slips = client.get("/events/1/slips").text
    assert sorted(drawn) == sorted(managers)  # the slips: the codes kept, none drawn again
    for url in managers:
        assert _inline(url) in slips


def test_a_tables_code_is_the_events_managers_and_this_events_tables_only(app, monkeypatch):
    drawn = _counted(monkeypatch)
    client = _three_tables(app)
    image = re.findall(r'<img src="([^"]+/qr\.svg)"', client.get("/events/1").text)[0]
    game_id = int(re.search(r"/tables/(\d+)/", image).group(1))
    stranger = app.test_client()
    assert stranger.get(image).status_code == 404  # no right to the event: 404, as its page
    # a game not of this event (the event's tables are games 1-3), a number past SQLite's
    for other in (game_id + 100, 0, 2**63, 10**30):
        assert client.get(f"/events/1/tables/{other}/qr.svg").status_code == 404
    assert client.get(f"/events/2/tables/{game_id}/qr.svg").status_code == 404
    assert drawn == []  # refused before anything was drawn


def test_the_first_view_benchmark_runs_small(capsys):
    """A tiny run of benchmarks/director_first_view.py (``make bench`` runs it at 544
    players): 16 players are 4 tables of two pairs, each a code asked for alone."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from director_first_view import main

    main(["--reps", "1", "--players", "16"])
    said = capsys.readouterr().out
    assert re.search(r"^first view: \d+ ms CPU$", said, re.M), said
    assert re.search(r"^4 codes asked for one by one: ", said, re.M), said
